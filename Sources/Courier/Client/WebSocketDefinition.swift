/// An endpoint opened as a WebSocket whose messages are typed: `client.webSocket(endpoint)` returns a
/// `TypedWebSocket` that sends `Send` and yields `Receive`, both as JSON. httpidl generates these from
/// `WEBSOCKET /uri { SEND Type; RECEIVE Type; }`.
///
/// ```swift
/// struct ChatRoom: WebSocketDefinition {
///     typealias Send = ChatOut
///     typealias Receive = ChatIn
///     var room: String
///     var method: HTTPMethod { .get }
///     var path: EndpointPath { "/rooms/\(room)" }
/// }
/// let chat = try await client.webSocket(ChatRoom(room: "lobby"))
/// try await chat.send(ChatOut(text: "hi"))
/// for try await message in chat.messages { print(message.text) }
/// ```
public protocol WebSocketDefinition: Endpoint {
    /// What the client sends, encoded as a JSON text message; naming it here makes sending anything else a
    /// compile error.
    associatedtype Send: Encodable & Sendable
    /// What the server's messages (text or binary) decode into; a message that does not decode throws
    /// `NetworkError.decoding` from the message sequence.
    associatedtype Receive: Decodable & Sendable
    /// The subprotocols offered, most preferred first, when the configuration names none (default none), so
    /// an endpoint whose server requires one (`graphql-transport-ws`, say) carries it.
    var subprotocols: [String] { get }
}

extension WebSocketDefinition {
    /// None: most servers need no subprotocol.
    public var subprotocols: [String] { [] }
}

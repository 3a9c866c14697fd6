/// A `WebSocket` whose messages are typed by its `WebSocketDefinition`: `send` takes a `Send`, `messages`
/// yields `Receive`s. `socket` is the untyped WebSocket underneath (for the close code, or a raw message).
public struct TypedWebSocket<Send: Encodable & Sendable, Receive: Decodable & Sendable>: Sendable {
    /// The WebSocket underneath, for what the typed API does not cover: the close code and reason, the chosen
    /// subprotocol, a raw message.
    public let socket: WebSocket

    /// Sends `message` as a JSON text message; waits while the output buffer is full.
    ///
    /// - Throws: `NetworkError.encoding` when it cannot be encoded; `WebSocketError` once closing or failed.
    public func send(_ message: Send) async throws {
        try await socket.send(message)
    }

    /// The server's messages decoded as `Receive`, until the close handshake (see `WebSocket.messages`); a
    /// message that does not decode throws `NetworkError.decoding` and ends the sequence. One reader at a time.
    public var messages: AsyncThrowingStream<Receive, any Error> {
        socket.messages(decoding: Receive.self)
    }

    /// Sends a ping and returns when its pong arrives, to check the connection is alive (see
    /// `WebSocket.ping()`).
    public func ping() async throws {
        try await socket.ping()
    }

    /// Closes the WebSocket with the close handshake and returns once it is closed (see
    /// `WebSocket.close(code:reason:)`), so the server learns the close was intended.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async throws {
        try await socket.close(code: code, reason: reason)
    }
}

import CourierHTTP
import Foundation

/// An open WebSocket from `NetworkClient.webSocket(_:configuration:)`: messages both ways, typed as JSON when
/// you like, ping, and the close handshake. Memory stays bounded both ways: a reader that stops reading stops
/// the socket reads, and `send` waits while the connection's output buffer is full.
///
/// ```swift
/// try await socket.send(ChatMessage(text: "hi"))
/// for try await message in socket.messages(decoding: ChatMessage.self) { print(message.text) }
/// try await socket.close()
/// ```
public final class WebSocket: Sendable {
    private let channel: any WebSocketChannel
    private let decoder: any ResponseDecoder

    init(channel: any WebSocketChannel, decoder: any ResponseDecoder) {
        self.channel = channel
        self.decoder = decoder
    }

    deinit {
        // Dropped without `close`: the connection closes (going away) rather than live on, unread.
        let channel = self.channel
        Task { try? await channel.close(code: .goingAway, reason: "") }
    }

    /// The subprotocol the server chose from those offered, if any: check it when the message format
    /// depends on it, since a server may accept the connection without choosing one.
    public var subprotocol: String? { channel.subprotocol }
    /// The code of the server's Close frame, once it arrived (nil before, or for an empty one): read it after
    /// `messages` ends to tell a normal close from a server that went away or refused a message.
    public var closeCode: WebSocketCloseCode? { channel.closeCode }
    /// The reason in the server's Close frame (empty when none was given), for logs; not meant to be parsed.
    public var closeReason: String { channel.closeReason }

    /// Sends a message; waits while the output buffer is full, so a fast sender cannot grow memory without
    /// bound on a slow connection.
    ///
    /// - Throws: `WebSocketError` once the WebSocket is closing or failed.
    public func send(_ message: WebSocketMessage) async throws {
        try await channel.send(message)
    }

    /// Sends a text message: the shortcut for `send(.text(text))`, with the same waiting and errors.
    public func send(text: String) async throws {
        try await channel.send(.text(text))
    }

    /// Sends `value` as a JSON text message (encoded with a default `JSONEncoder`), for APIs that speak JSON
    /// over the socket; waits while the output buffer is full.
    ///
    /// - Throws: `NetworkError.encoding` when `value` cannot be encoded (nothing is sent); `WebSocketError`
    ///   once the WebSocket is closing or failed.
    public func send(_ value: some Encodable & Sendable) async throws {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)  // made per message: JSONEncoder is not Sendable everywhere
        } catch {
            throw NetworkError.encoding(EncodingFailure(error, part: .body))
        }
        try await channel.send(.text(String(decoding: data, as: UTF8.self)))
    }

    /// The messages as they arrive; the sequence ends after the close handshake and throws `WebSocketError`
    /// for a failure (a protocol violation with the close code sent, `.connectionLost`, `.pingTimeout`).
    /// One reader at a time (the transport's channel supports no more): fan messages out after the loop when
    /// several parts of the app need them. Reading the sequence keeps the WebSocket alive.
    public var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        // The stream holds the WebSocket (not just its channel), so reading keeps it open.
        AsyncThrowingStream { [self] in
            try await channel.receive()
        }
    }

    /// The messages decoded from JSON (text or binary) with the client's decoder (or the endpoint's), so a
    /// typed message stream needs no decoding code at the call site. One reader at a time, as `messages`.
    ///
    /// - Throws: `NetworkError.decoding` for a message that is not a `T` (the sequence ends there), else as
    ///   `messages`.
    public func messages<T: Decodable & Sendable>(decoding type: T.Type) -> AsyncThrowingStream<T, any Error> {
        AsyncThrowingStream { [self] in
            guard let message = try await channel.receive() else { return nil }
            let data: Data
            switch message {
            case .text(let text): data = Data(text.utf8)
            case .binary(let binary): data = binary
            }
            return try ResponseDecoding.decode(T.self, body: data, statusCode: 200, headers: [:], with: decoder)
        }
    }

    /// Sends a ping and returns when its pong arrives: a check that the connection is still alive, e.g.
    /// after the app returns to the foreground. Throws `WebSocketError` once the WebSocket is closing or failed.
    public func ping() async throws {
        try await channel.ping()
    }

    /// Closes the WebSocket with `code` and `reason` (at most 123 bytes of UTF-8) and returns once the
    /// connection is closed (the server answered, or after a time-out). Closing rather than dropping the
    /// object tells the server why; a WebSocket released without `close` is closed as `.goingAway`.
    ///
    /// - Throws: `WebSocketError(.invalidArgument)` for a code that may not be sent or a reason too long.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async throws {
        try await channel.close(code: code, reason: reason)
    }
}

/// A `WebSocket` whose messages are typed by its `WebSocketDefinition`: `send` takes a `Send`, `messages`
/// yields `Receive`s. `socket` is the untyped WebSocket underneath (for the close code, or a raw message).
public struct TypedWebSocket<Send: Encodable & Sendable, Receive: Decodable & Sendable>: Sendable {
    /// The WebSocket underneath.
    public let socket: WebSocket

    /// Sends `message` as a JSON text message; waits while the output buffer is full.
    ///
    /// - Throws: `NetworkError.encoding` when it cannot be encoded; `WebSocketError` once closing or failed.
    public func send(_ message: Send) async throws {
        try await socket.send(message)
    }

    /// The server's messages decoded as `Receive`, until the close handshake (see `WebSocket.messages`).
    public var messages: AsyncThrowingStream<Receive, any Error> {
        socket.messages(decoding: Receive.self)
    }

    /// Sends a ping and returns when its pong arrives.
    public func ping() async throws {
        try await socket.ping()
    }

    /// Closes the WebSocket (see `WebSocket.close(code:reason:)`).
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async throws {
        try await socket.close(code: code, reason: reason)
    }
}

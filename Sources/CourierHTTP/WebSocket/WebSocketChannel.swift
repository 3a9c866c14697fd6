/// An open WebSocket as a transport provides it: messages both ways, ping, and the close handshake. The
/// client's `WebSocket` wraps one (adding JSON); `SocketTransport` makes one on Linux,
/// `URLSessionTransport` on Apple platforms.
///
/// Every method may be called from any task. `receive` is for one reader at a time. Conform to it (with
/// ``WebSocketTransport``) to give a custom transport WebSockets; apps use the client's `WebSocket` instead.
public protocol WebSocketChannel: AnyObject, Sendable {
    /// The subprotocol the server chose, if any: one of those offered, which says how to read the messages.
    var subprotocol: String? { get }
    /// Sends a message; suspends while the connection's output buffer is full, so a fast sender cannot grow
    /// memory without bound.
    ///
    /// - Throws: `WebSocketError` once the connection is closing or failed.
    func send(_ message: WebSocketMessage) async throws
    /// The next message, or nil after the close handshake (a clean end, not an error).
    ///
    /// - Throws: `WebSocketError` for a protocol violation (with the close code sent), a lost connection
    ///   (`.connectionLost`, 1006) or a keep-alive time-out (`.pingTimeout`).
    func receive() async throws -> WebSocketMessage?
    /// Sends a ping and returns when its pong arrives: a liveness check, or a round-trip measurement.
    func ping() async throws
    /// Starts the close handshake (if not already started) and returns once the connection is closed, so the
    /// peer learns why (`code`, `reason`) instead of seeing the connection drop.
    ///
    /// - Throws: `WebSocketError(.invalidArgument)` for a code that is not ``WebSocketCloseCode/isSendable`` or a
    ///   reason over 123 bytes of UTF-8.
    func close(code: WebSocketCloseCode, reason: String) async throws
    /// The code of the Close frame the server sent, once it has (nil before, or for an empty Close frame): why
    /// the server ended the conversation.
    var closeCode: WebSocketCloseCode? { get }
    /// The reason of the Close frame the server sent; empty when it sent none.
    var closeReason: String { get }
}

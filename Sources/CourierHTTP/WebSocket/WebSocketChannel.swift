/// An open WebSocket as a transport provides it: messages both ways, ping, and the close handshake. The
/// client's `WebSocket` wraps one (adding JSON); `SocketTransport` makes one on Linux,
/// `URLSessionTransport` on Apple platforms.
///
/// Every method may be called from any task. `receive` is for one reader at a time.
public protocol WebSocketChannel: AnyObject, Sendable {
    /// The subprotocol the server chose, if any.
    var subprotocol: String? { get }
    /// Sends a message; suspends while the connection's output buffer is full.
    ///
    /// - Throws: `WebSocketError` once the connection is closing or failed.
    func send(_ message: WebSocketMessage) async throws
    /// The next message, or nil after the close handshake.
    ///
    /// - Throws: `WebSocketError` for a protocol violation (with the close code sent), a lost connection
    ///   (`.connectionLost`, 1006) or a keep-alive time-out (`.pingTimeout`).
    func receive() async throws -> WebSocketMessage?
    /// Sends a ping and returns when its pong arrives.
    func ping() async throws
    /// Starts the close handshake (if not already started) and returns once the connection is closed.
    func close(code: WebSocketCloseCode, reason: String) async throws
    /// The code of the Close frame the server sent, once it has (nil before, or for an empty Close frame).
    var closeCode: WebSocketCloseCode? { get }
    /// The reason of the Close frame the server sent.
    var closeReason: String { get }
}

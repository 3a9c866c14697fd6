/// Why a WebSocket failed: the handshake, a protocol violation by the peer, a limit, or the connection.
///
/// A type of its own rather than a ``NetworkError`` case, because it is thrown by an open connection's
/// `send`, `receive` and `close`, long after the request that opened it.
///
/// A violation carries the close code Courier sent the peer before closing (`closeCode`), e.g. 1002 for a
/// reserved opcode, 1007 for invalid UTF-8, 1009 for a frame over the size limit.
public struct WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong: what an app switches on to decide whether to reconnect.
    public enum Kind: Sendable, Hashable {
        /// The opening handshake failed: not `101`, a wrong `Sec-WebSocket-Accept`, a subprotocol or
        /// extension that was not offered. A server or proxy problem: reconnecting will fail the same way.
        case handshakeFailed
        /// The peer broke RFC 6455 or RFC 7692 (bad framing, masking, opcodes, close payloads); closed with 1002.
        case protocolViolation
        /// A text message or close reason was not valid UTF-8; closed with 1007.
        case invalidUTF8
        /// A frame or message (after decompression too) exceeded the configured limit; closed with 1009. Raise
        /// ``WebSocketConfiguration/maximumMessageSize`` if the messages are legitimate.
        case messageTooBig
        /// A call was given a value the protocol forbids (a close code never sent, a reason over 123 bytes): a
        /// bug in the caller, reported instead of sending a frame the peer would reject.
        case invalidArgument
        /// The WebSocket is closed: the peer closed it (`closeCode` and `message` say what it sent), or a call
        /// came after the close handshake started.
        case closed
        /// The connection ended without the close handshake (close code 1006): the network dropped it, usually
        /// worth a reconnect.
        case connectionLost
        /// A keep-alive ping got no pong before its deadline (``WebSocketConfiguration/pingTimeout``): the peer
        /// or the path to it is dead, though TCP had not noticed.
        case pingTimeout
        /// The client's transport cannot open WebSockets (URLSession on Linux, whose libcurl has none); use
        /// `SocketTransport` there.
        case unsupportedTransport
    }

    /// What went wrong.
    public var kind: Kind
    /// The close code sent to (or, for `.closed`, received from) the peer; nil when none applies.
    public var closeCode: WebSocketCloseCode?
    /// A readable message naming the fault, e.g. `"a control frame of 126 bytes (the limit is 125)"`.
    public var message: String

    /// Creates an error; custom ``WebSocketChannel`` implementations throw these to fail as Courier's do.
    public init(_ kind: Kind, closeCode: WebSocketCloseCode? = nil, _ message: String) {
        self.kind = kind
        self.closeCode = closeCode
        self.message = message
    }

    /// A protocol violation answered with close code 1002.
    package static func protocolViolation(_ message: String) -> WebSocketError {
        WebSocketError(.protocolViolation, closeCode: .protocolError, message)
    }

    /// `kind (close code 1009): message`, for logs.
    public var description: String {
        let code = closeCode.map { " (close code \($0))" } ?? ""
        return "\(kind)\(code): \(message)"
    }
}

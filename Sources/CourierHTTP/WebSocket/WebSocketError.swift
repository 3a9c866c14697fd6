/// Why a WebSocket failed: the handshake, a protocol violation by the peer, a limit, or the connection.
///
/// A violation carries the close code Courier sent the peer before closing (`closeCode`), e.g. 1002 for a
/// reserved opcode, 1007 for invalid UTF-8, 1009 for a frame over the size limit.
public struct WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The opening handshake failed: not `101`, a wrong `Sec-WebSocket-Accept`, a subprotocol or
        /// extension that was not offered.
        case handshakeFailed
        /// The peer broke RFC 6455 or RFC 7692 (bad framing, masking, opcodes, close payloads).
        case protocolViolation
        /// A text message or close reason was not valid UTF-8.
        case invalidUTF8
        /// A frame or message (after decompression too) exceeded the configured limit.
        case messageTooBig
        /// A call was given a value the protocol forbids (a close code never sent, a reason over 123 bytes).
        case invalidArgument
        /// The peer closed the WebSocket (`closeCode` and `reason` are what it sent).
        case closed
        /// The connection ended without the close handshake.
        case connectionLost
        /// A keep-alive ping got no pong before its deadline.
        case pingTimeout
        /// The client's transport cannot open WebSockets (URLSession on Linux, whose libcurl has none).
        case unsupportedTransport
    }

    /// What went wrong.
    public var kind: Kind
    /// The close code sent to (or, for `.closed`, received from) the peer; nil when none applies.
    public var closeCode: WebSocketCloseCode?
    /// A readable message naming the fault, e.g. `"a control frame of 126 bytes (the limit is 125)"`.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, closeCode: WebSocketCloseCode? = nil, _ message: String) {
        self.kind = kind
        self.closeCode = closeCode
        self.message = message
    }

    /// A protocol violation answered with close code 1002.
    package static func protocolViolation(_ message: String) -> WebSocketError {
        WebSocketError(.protocolViolation, closeCode: .protocolError, message)
    }

    /// `kind (close code): message`.
    public var description: String {
        let code = closeCode.map { " (close code \($0))" } ?? ""
        return "\(kind)\(code): \(message)"
    }
}

/// The status code of a WebSocket Close frame (RFC 6455 §7.4), e.g. `.normalClosure` (1000).
///
/// A struct, not an enum, because applications define their own codes (3000–4999); the constants name the
/// registered ones.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code on the wire, e.g. `4001` for an application's own code.
    public var rawValue: UInt16

    /// Creates a code; any value is accepted (a peer may send anything), and whether it may be sent is
    /// ``isSendable``.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled. What to send when the app closes on purpose.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the endpoint is going away (a server shutting down, a page navigating away). Usually worth a
    /// reconnect later.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the peer broke the protocol; Courier sends it before failing with `.protocolViolation`.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: the endpoint received a kind of data it cannot accept (binary where it wants text, say).
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the Close frame had no code. Reported only, never sent (``isSendable`` is false).
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection closed without a Close frame (`.connectionLost`). Reported only, never sent.
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a text message (or close reason) was not valid UTF-8; Courier sends it before failing with
    /// `.invalidUTF8`.
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message violated the endpoint's policy: the generic refusal when no other code fits.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a frame or message was larger than the endpoint accepts; Courier sends it before failing with
    /// `.messageTooBig`.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1010: the client needed an extension the server did not negotiate (sent by clients only).
    public static let mandatoryExtension = WebSocketCloseCode(rawValue: 1010)
    /// 1011: the server met an unexpected condition: a server-side bug, so a retry may or may not help.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 1015: the TLS handshake failed. Reported only, never sent (``isSendable`` is false).
    public static let tlsHandshakeFailure = WebSocketCloseCode(rawValue: 1015)

    /// Whether the code may travel in a Close frame: 1000-1003, 1007-1014 (RFC 6455 and the IANA registry)
    /// and 3000-4999 (libraries and applications). 1004, 1005, 1006, 1015 and the rest never do: they only
    /// report what happened locally. Sending one fails with `WebSocketError(.invalidArgument)` instead of
    /// breaking the protocol.
    public var isSendable: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// Checks that `code` and `reason` may travel in a Close frame: a code that `isSendable` (or none, with no
    /// reason) and a reason of at most 123 bytes of UTF-8 (a control frame holds 125 bytes, two of them the code).
    ///
    /// - Throws: `WebSocketError(.invalidArgument)` naming what may not be sent.
    package static func checkSending(_ code: WebSocketCloseCode?, reason: String) throws(WebSocketError) {
        if let code, !code.isSendable { throw WebSocketError(.invalidArgument, "close code \(code) may not be sent") }
        if code == nil, !reason.isEmpty { throw WebSocketError(.invalidArgument, "a close reason needs a close code") }
        guard reason.utf8.count <= 123 else {
            throw WebSocketError(.invalidArgument, "a close reason of \(reason.utf8.count) bytes (the limit is 123)")
        }
    }

    /// The number, e.g. `1000`, as logs and error messages print it.
    public var description: String { String(rawValue) }
}

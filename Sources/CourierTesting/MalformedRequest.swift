/// A request the server could not accept: bad syntax, limits exceeded, or a client that stopped half-way.
/// The server answers the ones it can with an error status (400, 413, 431, 501, 505), closes the connection,
/// records them in `MockWebServer.malformedRequests`, and keeps serving other connections.
///
/// The record is how a test learns that a client wrote a request a strict server rejects, which a lenient
/// server (or the client's own happy path) would never reveal.
public struct MalformedRequest: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong: each case names one rule of RFC 9112 (or 9113) a client can break, so a test can
    /// expect a specific one.
    public enum Kind: String, Sendable, Hashable {
        /// The request line was not `METHOD SP target SP HTTP/x.y` (answered 400): e.g. a target with an
        /// unencoded space.
        case badRequestLine
        /// An HTTP version other than 1.0 or 1.1 (answered 505).
        case unsupportedVersion
        /// A header line without a colon, with an invalid name or value, or a folded (obs-fold) line (answered
        /// 400): catches a client that lets a CR or LF from user input into a header.
        case badHeader
        /// An HTTP/1.1 request without `Host`, a request with several, or an invalid `Host` value (RFC 9112 §3.2;
        /// answered 400).
        case badHost
        /// The request line and headers together exceeded `Configuration.maxHeaderBytes` (answered 431).
        case headerSectionTooLarge
        /// `Content-Length` not a number, or several different values (answered 400).
        case badContentLength
        /// Both `Content-Length` and `Transfer-Encoding`, which could smuggle a request, or `Transfer-Encoding`
        /// in an HTTP/1.0 request (RFC 9112 §6.1; answered 400). Refused outright, as a proxy should, so a
        /// client that sends both is caught here rather than in production.
        case conflictingFraming
        /// A transfer coding other than `chunked` (answered 501), the only one the server decodes.
        case unsupportedTransferEncoding
        /// A chunk size line or chunk terminator that is not valid chunked encoding: catches a client's
        /// broken streaming upload.
        case badChunk
        /// The body is larger than `Configuration.maxBodyBytes` (answered 413).
        case bodyTooLarge
        /// The client closed the connection before sending the whole request, e.g. an upload it cancelled; no
        /// answer is possible.
        case incompleteRequest
        /// The client stopped sending in the middle of a request for longer than `Configuration.readTimeout`:
        /// catches a client that announces a body longer than it sends.
        case timedOut
        /// The TLS handshake failed (the client refused the certificate, sent none or a foreign one when one is
        /// required, spoke plain HTTP, or stalled); `detail` has OpenSSL's reason.
        case tlsHandshakeFailed
        /// The client broke the HTTP/2 protocol (RFC 9113, RFC 7541); `detail` names the error code. The
        /// connection was closed with GOAWAY.
        case http2ProtocolError
    }

    /// What was wrong; match on it in tests, as `detail` is free text.
    public var kind: Kind
    /// Details for a human reader (the offending value, the limit, OpenSSL's reason); its wording may change,
    /// so tests should not compare it.
    public var detail: String
    /// The connection it arrived on (the same numbering as `RecordedRequest.connectionID`), to relate it to
    /// the requests that came before it on that connection.
    public var connectionID: Int
    /// The status the server answered with, or nil when it could only close the connection (an incomplete
    /// request, a timeout, a failed TLS handshake): what the client under test was told.
    public var respondedStatus: Int?

    /// Creates a record (the server creates these; public for tests that build expectations).
    public init(kind: Kind, detail: String, connectionID: Int, respondedStatus: Int?) {
        self.kind = kind
        self.detail = detail
        self.connectionID = connectionID
        self.respondedStatus = respondedStatus
    }

    /// `kind: detail (connection N, answered S)`, one line for a failing test's message.
    public var description: String {
        let answer = respondedStatus.map { "answered \($0)" } ?? "closed"
        return "\(kind.rawValue): \(detail) (connection \(connectionID), \(answer))"
    }
}

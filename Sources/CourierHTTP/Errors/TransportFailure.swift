/// Why no usable response arrived.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// No data arrived within the timeout.
        case timedOut
        /// The server could not be reached (refused, unreachable, DNS failure).
        case cannotConnect
        /// The connection closed before the response was complete.
        case connectionLost
        /// The server's bytes are not a valid HTTP response.
        case badServerResponse
        /// The response body exceeded the configured size limit.
        case responseTooLarge
        /// A file could not be read or written (uploads from disk, downloads to disk).
        case fileSystem
        /// Anything else; see `message` and `code`.
        case other
        /// A TLS handshake failed or the server's certificate was refused (untrusted, expired, wrong host, pin
        /// mismatch); `message` says which.
        case tls
        /// A redirect was not followed: one over the policy's limit, a loop, `https` to `http`, or a `Location`
        /// that is not an http(s) URL; `message` says which.
        case redirect
    }

    /// The kind of failure.
    public var kind: Kind
    /// The underlying error code (e.g. `URLError.Code.rawValue`), when there is one.
    public var code: Int?
    /// A readable message from the underlying error.
    public var message: String

    /// Creates a failure.
    public init(kind: Kind, code: Int? = nil, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// A readable description: `timed out (code -1001): The request timed out.`
    public var description: String {
        let what: String
        switch kind {
        case .timedOut: what = "timed out"
        case .cannotConnect: what = "cannot connect to the server"
        case .connectionLost: what = "connection lost"
        case .badServerResponse: what = "bad server response"
        case .responseTooLarge: what = "response too large"
        case .fileSystem: what = "file system error"
        case .other: what = "transport error"
        case .tls: what = "TLS failure"
        case .redirect: what = "redirect refused"
        }
        let head = code.map { "\(what) (code \($0))" } ?? what
        return message.isEmpty ? head : "\(head): \(message)"
    }
}

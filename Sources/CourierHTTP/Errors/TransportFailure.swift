/// Why no usable response arrived: the payload of ``NetworkError/transport(_:)``.
///
/// Every transport maps its own errors (`URLError`, socket errors, TLS alerts) to one
/// ``TransportFailure/Kind``, so an app handles "offline" or "timed out" the same way on every platform; `code`
/// and `message` keep the original detail for logs.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, the same on every transport: what an app switches on.
    ///
    /// `timedOut`, `cannotConnect` and `connectionLost` are transient (``RetryPolicy/isTransient(_:)``): the
    /// request's policy retries them when the request may be resent; the other kinds are not retried.
    public enum Kind: String, Sendable, Hashable {
        /// No data arrived within the timeout (an inactivity timeout, not a limit on the whole transfer).
        case timedOut
        /// The server could not be reached (refused, unreachable, DNS failure): the request never reached it.
        case cannotConnect
        /// The connection closed before the response was complete. The server may have acted on the request,
        /// which is why only requests that may be resent are retried.
        case connectionLost
        /// The server's bytes are not a valid HTTP response (conflicting lengths, bad chunks, a decompression
        /// bomb, …): a server that sent them once will likely send them again.
        case badServerResponse
        /// The response body exceeded the request's size limit (`maximumResponseSize`, 64 MiB by default), or one
        /// line or event of a streamed body exceeded the client's `maximumLineSize` (16 MiB by default); the limits
        /// protect memory from a runaway or hostile body, and the transfer is stopped when one is passed.
        case responseTooLarge
        /// A file could not be read or written (uploads from disk, downloads to disk): a local problem, not the
        /// server's.
        case fileSystem
        /// Anything no other kind describes; `message` and `code` keep the transport's own detail.
        case other
        /// A TLS handshake failed or the server's certificate was refused (untrusted, expired, wrong host, pin
        /// mismatch); `message` says which. Never downgraded to plain HTTP: a refused certificate is a security
        /// decision, not a glitch.
        case tls
        /// A redirect was not followed: one over the policy's limit, a loop, `https` to `http`, or a `Location`
        /// that is not an http(s) URL; `message` says which. The rules are in ``RedirectPolicy``.
        case redirect
    }

    /// The kind of failure.
    public var kind: Kind
    /// The underlying error code (e.g. `URLError.Code.rawValue`, or an `errno`), when there is one; for logs and
    /// bug reports, since its meaning depends on the transport.
    public var code: Int?
    /// A readable message from the underlying error, saying what exactly went wrong.
    public var message: String

    /// Creates a failure; transports, interceptors and test stubs use it to report a failure of their own.
    public init(kind: Kind, code: Int? = nil, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// A readable description for logs: `timed out (code -1001): The request timed out.`
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

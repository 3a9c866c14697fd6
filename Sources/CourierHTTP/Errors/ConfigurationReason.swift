/// Why a request could not be built: the payload of ``NetworkError/configuration(reason:)``.
///
/// Each case is found before anything is sent, so a request with a bad path, header or base URL never reaches
/// the server half-formed; the message says which rule was broken.
public enum ConfigurationReason: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint describes an invalid request (path with `?`/`#`, malformed escape, bad path parameter,
    /// invalid method, body on GET/HEAD, …), or the transport is configured to send it a way it cannot (a proxy
    /// scheme `SocketTransport` does not speak); the message says which.
    case invalidRequest(String)
    /// The client's base URL cannot be used (not absolute, has a query or fragment, …): endpoint paths are
    /// appended to it, so it must be an absolute URL with neither.
    case invalidBaseURL(String)
    /// A header name or value is invalid (empty or non-token name; CR, LF, NUL or another control character, or
    /// non-ASCII text, in the value). Refused rather than sent, because a CR or LF in a value would let it
    /// inject header fields or split the request.
    case invalidHeader(name: String, reason: String)

    /// A readable description: the message, prefixed with what was invalid.
    public var description: String {
        switch self {
        case .invalidRequest(let message): message
        case .invalidBaseURL(let message): "invalid base URL: \(message)"
        case .invalidHeader(let name, let reason): "invalid header '\(name)': \(reason)"
        }
    }
}

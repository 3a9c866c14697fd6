/// Why a request could not be built.
public enum ConfigurationReason: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint describes an invalid request (path with `?`/`#`, malformed escape, bad path parameter,
    /// invalid method, body on GET/HEAD, …); the message says which.
    case invalidRequest(String)
    /// The client's base URL cannot be used (not absolute, has a query or fragment, …).
    case invalidBaseURL(String)
    /// A header name or value is invalid (CR/LF, empty name, non-token characters).
    case invalidHeader(name: String, reason: String)

    /// A readable description.
    public var description: String {
        switch self {
        case .invalidRequest(let message): message
        case .invalidBaseURL(let message): "invalid base URL: \(message)"
        case .invalidHeader(let name, let reason): "invalid header '\(name)': \(reason)"
        }
    }
}

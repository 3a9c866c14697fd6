/// The HTTP methods of the language.
public enum MethodKeyword: String, Sendable, Hashable, CaseIterable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD` (spelled as in the IDL).
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"
    /// `TRACE`, `CONNECT`, `OPTIONS`.
    case trace = "TRACE", connect = "CONNECT", options = "OPTIONS"

    /// `Get`, `Post`, … (the type-name prefix).
    public var typePrefix: String { rawValue.prefix(1) + rawValue.dropFirst().lowercased() }
    /// `get`, `post`, … (Courier's `HTTPMethod` static member).
    public var memberName: String { rawValue.lowercased() }
    /// Whether fields go to the query string by default (GET, HEAD, DELETE, OPTIONS, TRACE, CONNECT).
    public var sendsFieldsInQuery: Bool { ![.post, .put, .patch].contains(self) }
}

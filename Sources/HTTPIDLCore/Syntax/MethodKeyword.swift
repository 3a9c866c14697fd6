/// The HTTP methods of the language.
package enum MethodKeyword: String, Sendable, Hashable, CaseIterable {
    private static let table = KeywordTable<MethodKeyword>()

    /// The case spelled `rawValue`, if any.
    package init?(rawValue: String) {
        guard let value = Self.table.keyword(rawValue) else { return nil }
        self = value
    }

    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD` (spelled as in the IDL).
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"
    /// `TRACE`, `CONNECT`, `OPTIONS`.
    case trace = "TRACE", connect = "CONNECT", options = "OPTIONS"

    /// `Get`, `Post`, … (the type-name prefix).
    package var typePrefix: String {
        switch self {
        case .get: "Get"
        case .post: "Post"
        case .put: "Put"
        case .patch: "Patch"
        case .delete: "Delete"
        case .head: "Head"
        case .trace: "Trace"
        case .connect: "Connect"
        case .options: "Options"
        }
    }
    /// `get`, `post`, … (Courier's `HTTPMethod` static member).
    package var memberName: String {
        switch self {
        case .get: "get"
        case .post: "post"
        case .put: "put"
        case .patch: "patch"
        case .delete: "delete"
        case .head: "head"
        case .trace: "trace"
        case .connect: "connect"
        case .options: "options"
        }
    }
    /// Whether fields go to the query string by default (GET, HEAD, DELETE, OPTIONS, TRACE, CONNECT).
    package var sendsFieldsInQuery: Bool {
        switch self {
        case .post, .put, .patch: false
        default: true
        }
    }
}

import Foundation

/// A response whose status code is not acceptable, with everything needed to handle it: the payload of
/// ``NetworkError/httpStatus(_:)``.
///
/// The client turns a status outside the request's acceptable codes into this error after retries and
/// redirects, and releases the connection; the status, headers and the start of the body are kept so an API's
/// error document can still be read (`errorBody(as:)`).
public struct HTTPStatusFailure: Sendable, Equatable, CustomStringConvertible {
    /// The status code, e.g. `404`; what most handlers switch on.
    public var statusCode: Int
    /// The response's header fields (`Retry-After`, `WWW-Authenticate`, a request ID for a bug report, …).
    public var headers: HTTPHeaders
    /// The start of the response body: at most 1 MiB, and never more than the request's response size limit, so
    /// an error page that never ends cannot exhaust memory; the rest is discarded.
    public var body: Data
    /// The endpoint's `APIErrorBody`, decoded from `body` with the endpoint's (else the client's) decoder, when
    /// the endpoint declares one and it decoded. Read it with `errorBody(as:)`, which also decodes other types.
    public var errorBody: (any Sendable)?
    /// Why the endpoint's `APIErrorBody` could not be decoded from `body`, when it could not: the server's error
    /// document did not match the declared type, which is worth logging.
    public var errorBodyFailure: DecodingFailure?
    /// The decoder the client decoded (or would decode) the endpoint's bodies with: a Courier `ResponseDecoder`,
    /// which `errorBody(as:)` and `decodeBody(as:)` (without a decoder of its own) decode other types with.
    package var bodyDecoder: (any Sendable)?

    /// Creates a failure; interceptors and test stubs use it to fail as the client would.
    public init(
        statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(),
        errorBody: (any Sendable)? = nil, errorBodyFailure: DecodingFailure? = nil
    ) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.errorBody = errorBody
        self.errorBodyFailure = errorBodyFailure
    }

    /// The typed error body, if it was decoded as `type` (for a `Decodable` type, Courier's overload also decodes
    /// it on demand).
    ///
    /// - Returns: ``errorBody`` cast to `type`, or `nil` when it was not decoded or is of another type.
    public func errorBody<T>(as type: T.Type) -> T? {
        errorBody as? T
    }

    /// Compares status, headers and body; the decoded error body is derived from them (and is not `Equatable`),
    /// so it takes no part.
    public static func == (lhs: HTTPStatusFailure, rhs: HTTPStatusFailure) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    /// A readable description for logs, `HTTP 404 Not Found: <first 200 bytes of the body on one line>`: the body
    /// usually says why the server refused.
    public var description: String {
        let phrase = Self.reasonPhrase(for: statusCode).map { " \($0)" } ?? ""
        var text = String(decoding: body.prefix(200), as: UTF8.self)
            .split(whereSeparator: { $0.isNewline })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        if body.count > 200 { text += "…" }
        return text.isEmpty ? "HTTP \(statusCode)\(phrase)" : "HTTP \(statusCode)\(phrase): \(text)"
    }

    /// The RFC 9110 reason phrase for common status codes (`404` → `Not Found`), for messages shown to people.
    ///
    /// - Returns: The phrase, or `nil` for a code not in the table (the server's own phrase is not kept: HTTP/2
    ///   has none).
    public static func reasonPhrase(for statusCode: Int) -> String? {
        switch statusCode {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: nil
        }
    }
}

import Foundation

/// A response whose status code is not acceptable, with everything needed to handle it.
public struct HTTPStatusFailure: Sendable, Equatable, CustomStringConvertible {
    /// The status code.
    public var statusCode: Int
    /// The response's header fields.
    public var headers: HTTPHeaders
    /// The response body (capped by the client's response size limit).
    public var body: Data
    /// The endpoint's `APIErrorBody`, decoded from `body`, when the endpoint declares one and it decoded.
    public var errorBody: (any Sendable)?

    /// Creates a failure.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), errorBody: (any Sendable)? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.errorBody = errorBody
    }

    /// The typed error body, if it was decoded as `type`.
    public func errorBody<T>(as type: T.Type) -> T? {
        errorBody as? T
    }

    /// Decodes the body as `type` with `decoder`.
    public func decodeBody<T: Decodable>(as type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: body)
    }

    /// Compares status, headers and body (the decoded error body is derived from them).
    public static func == (lhs: HTTPStatusFailure, rhs: HTTPStatusFailure) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.headers == rhs.headers && lhs.body == rhs.body
    }

    /// `HTTP 404: <body prefix>`.
    public var description: String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return text.isEmpty ? "HTTP \(statusCode)" : "HTTP \(statusCode): \(text)"
    }
}

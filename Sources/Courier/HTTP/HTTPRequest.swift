import Foundation

/// A request as the interceptor chain and the transport see it: built from an endpoint and the client's base
/// URL, validated, and free to be rewritten by interceptors.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields, `Content-Type` included when there is a body.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: HTTPBody?
    /// The per-request timeout (seconds of inactivity), or `nil` for the client's default.
    public var timeout: TimeInterval?
    /// Status codes that count as success, or `nil` for the client's default (200–299).
    public var acceptableStatusCodes: Set<Int>?
    /// The retry policy for this request, or `nil` for the client's default.
    public var retryPolicy: RetryPolicy?

    /// Creates a request.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = [:],
        body: HTTPBody? = nil,
        timeout: TimeInterval? = nil,
        acceptableStatusCodes: Set<Int>? = nil,
        retryPolicy: RetryPolicy? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.acceptableStatusCodes = acceptableStatusCodes
        self.retryPolicy = retryPolicy
    }
}

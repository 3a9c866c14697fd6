/// Throws `NetworkError.httpStatus` for a response whose status is not acceptable, inside the chain.
///
/// `NetworkClient` already validates every response after the chain (with the endpoint's typed
/// `APIErrorBody`), so you need this only when an interceptor placed before it should see failures as errors
/// rather than responses, or when running an `InterceptorChain` without a client. Acceptable codes are the
/// request's own, else `acceptableStatusCodes`.
///
/// ```swift
/// let chain = InterceptorChain([LoggingInterceptor(), ValidationInterceptor()])
/// ```
public struct ValidationInterceptor: Interceptor {
    /// Status codes that count as success for requests that set none.
    public var acceptableStatusCodes: Set<Int>

    /// Creates the interceptor (200–299 by default).
    public init(acceptableStatusCodes: Set<Int> = Set(200..<300)) {
        self.acceptableStatusCodes = acceptableStatusCodes
    }

    /// Passes the request on and throws for a non-acceptable status.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let response = try await next(request)
        guard (request.acceptableStatusCodes ?? acceptableStatusCodes).contains(response.statusCode) else {
            throw NetworkError.httpStatus(HTTPStatusFailure(statusCode: response.statusCode, headers: response.headers, body: response.body))
        }
        return response
    }
}

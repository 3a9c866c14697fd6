import CourierHTTP
import Foundation

/// Turns a response whose status is not in `request.acceptableStatusCodes` into `NetworkError.httpStatus`,
/// carrying the status, the headers and the start of the body.
///
/// A built-in member of every client's stack, below the user's interceptors and `RetryInterceptor`: it checks
/// the request as every interceptor above it left it, so one that changes the acceptable codes is honoured.
/// Interceptors above it see failing statuses as thrown `NetworkError.httpStatus`; put it in
/// `Configuration.interceptors` yourself to place it elsewhere.
public struct ValidationInterceptor: Interceptor {
    /// The most bytes of a failing response's body kept in `HTTPStatusFailure.body` (1 MiB).
    static let maximumErrorBodySize = 1 << 20

    /// Creates the interceptor; the client adds one itself, so create it only to place it (say, before an
    /// interceptor that should see failing statuses as responses rather than thrown errors).
    public init() {}

    /// Passes the request on and throws for a status that is not acceptable.
    @inline(__always)   // into the stack's link closure (`InterceptorStack.link`): one async frame, not two
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        try await Self.validated(next(request), for: request)
    }

    /// `response` when its status is in `request.acceptableStatusCodes`, else the `NetworkError.httpStatus`
    /// thrown: this interceptor's rule, shared with the stack's fused built-ins (`BuiltInTail`).
    @inline(__always)   // no async frame of its own: only a failing status awaits (reading the body's start)
    static func validated(_ response: consuming HTTPResponse, for request: HTTPRequest) async throws -> HTTPResponse {
        guard !request.acceptableStatusCodes.contains(response.statusCode) else { return response }
        throw await failure(response, for: request)
    }

    /// The `NetworkError.httpStatus` for an unacceptable `response`, with the start of its body.
    static func failure(_ response: HTTPResponse, for request: HTTPRequest) async -> NetworkError {
        let limit = min(request.maximumResponseSize ?? Self.maximumErrorBodySize, Self.maximumErrorBodySize)
        return NetworkError.httpStatus(HTTPStatusFailure(
            statusCode: response.statusCode, headers: response.headers, body: await Self.prefix(of: response.body, limit: limit)))
    }

    /// Up to `limit` bytes of `body`; the rest is discarded, and a body that breaks off keeps what came.
    static func prefix(of body: ResponseBody, limit: Int) async -> Data {
        var data = Data()
        do {
            for try await chunk in body {
                data.append(chunk.prefix(limit - data.count))
                if data.count >= limit { break }
            }
        } catch {}
        body.discard()
        return data
    }
}

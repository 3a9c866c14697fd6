import CourierHTTP
import Foundation

/// Reads a `.buffered` response body (`request.responseBodyMode`) into memory within its limit; `.streamed` bodies
/// and downloads to a file are left streaming.
///
/// A declared `Content-Length` over the limit ends the transfer at the head, and a body that grows past it stops
/// as soon as it does, both with `TransportFailure.Kind.responseTooLarge`. Reading here, inside the stack, means
/// a connection lost mid-body is an error `RetryInterceptor` sees (and retries for idempotent requests).
///
/// A built-in member of every client's stack, the last above the network interceptors, so the rule holds the
/// same over every transport.
package struct ResponseBufferingInterceptor: Interceptor {
    /// Creates the interceptor.
    package init() {}

    /// Passes the request on and reads the response body within the limit.
    package func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        try await Self.buffered(next(request), for: request)
    }

    /// `response` with its body in memory within the request's limit when the mode is `.buffered`, else as it is.
    @inline(__always)   // into `intercept`: only a body still streaming is awaited
    static func buffered(_ response: consuming HTTPResponse, for request: HTTPRequest) async throws -> HTTPResponse {
        guard case .buffered(let limit) = request.responseBodyMode else { return response }
        if let declared = response.expectedContentLength, declared > Int64(limit) {
            response.body.discard()
            throw ResponseBody.tooLarge(limit)
        }
        // Already in memory (a cache hit, a stub): checked, nothing to read.
        if try response.body.bufferedData(upTo: limit) != nil { return response }
        response.body = ResponseBody(try await response.body.collect(upTo: limit))
        return response
    }
}

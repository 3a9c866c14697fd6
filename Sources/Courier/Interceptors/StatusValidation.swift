import CourierHTTP
import Foundation

/// The acceptable-status check's failure: a response whose status is not in `request.acceptableStatusCodes`
/// becomes `NetworkError.httpStatus`, carrying the status, the headers and the start of the body.
///
/// The check runs once, where the client's stack returns (`InterceptorStack.send`), against the request as the
/// interceptors left it (`HTTPResponse.request`): an interceptor that changes the acceptable codes is honoured, and
/// every interceptor sees failing statuses as responses.
enum StatusValidation {
    /// The most bytes of a failing response's body kept in `HTTPStatusFailure.body` (1 MiB).
    static let maximumErrorBodySize = 1 << 20

    /// The `NetworkError.httpStatus` for an unacceptable `response`, with the start of its body.
    static func failure(_ response: HTTPResponse, for request: HTTPRequest) async -> NetworkError {
        let limit = min(request.responseBodyMode.bufferLimit ?? Self.maximumErrorBodySize, Self.maximumErrorBodySize)
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

import CourierHTTP
import Foundation

/// A decoded value together with the response it came from: status, headers, final URL and timing.
/// `NetworkClient.response(_:)` returns it when the value alone (what `send(_:)` returns) is not enough.
///
/// ```swift
/// let response = try await client.response(GetUser(id: 7))
/// print(response.statusCode, response.headers["ETag"] ?? "-", response.duration)
/// let user = response.value
/// ```
public struct Response<Value: Sendable>: Sendable {
    /// The decoded body (or the file URL of a download, or the raw bytes when the response type is `Data`).
    public var value: Value
    /// The status code, one of the endpoint's acceptable ones (others throw `NetworkError.httpStatus`).
    public var statusCode: Int
    /// The response's header fields (`ETag`, pagination links, rate limits…), looked up case-insensitively.
    public var headers: HTTPHeaders
    /// The URL that answered, after redirects, e.g. to resolve a relative link in the body.
    public var url: URL?
    /// Seconds from building the request to the decoded value, retries and interceptors included.
    public var duration: TimeInterval
    /// How the client's cache answered (a miss, a hit, a revalidation, or a stale response served on purpose),
    /// or `nil` when no cache took part: for telling a fresh answer from a stored one.
    public var cacheStatus: CacheStatus?
    /// The redirects followed to get here, oldest first, so a caller can see where a request really went.
    public var redirects: [Redirect]
    /// How the transfer spent its time (DNS, connect, TLS, first byte), when the transport measures it:
    /// `SocketTransport` does, and `URLSessionTransport` does on Apple platforms; `nil` otherwise (URLSession on
    /// Linux never reports metrics).
    public var metrics: TransferMetrics?
    /// The trailer fields the server sent after the body, when the transport reports them (`SocketTransport`);
    /// `nil` when there were none.
    public var trailers: HTTPHeaders?

    /// Creates a response.
    package init(
        value: Value, statusCode: Int, headers: HTTPHeaders, url: URL?, duration: TimeInterval, cacheStatus: CacheStatus? = nil,
        redirects: [Redirect] = [], metrics: TransferMetrics? = nil, trailers: HTTPHeaders? = nil
    ) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
        self.url = url
        self.duration = duration
        self.cacheStatus = cacheStatus
        self.redirects = redirects
        self.metrics = metrics
        self.trailers = trailers
    }

    /// The same response carrying another value.
    package func map<Other: Sendable>(_ transform: (Value) throws -> Other) rethrows -> Response<Other> {
        Response<Other>(
            value: try transform(value), statusCode: statusCode, headers: headers, url: url, duration: duration,
            cacheStatus: cacheStatus, redirects: redirects, metrics: metrics, trailers: trailers)
    }
}

import Foundation

/// A response as the transport delivers it and the interceptors pass it back: the head, and a body that may
/// still be streaming (see ``ResponseBody``).
///
/// The head arrives before the body so an interceptor or a streaming call can act on the status and headers
/// without waiting for (or buffering) the whole body.
public struct HTTPResponse: Sendable {
    /// The status code. Inside the interceptor stack every status is a response; the client throws
    /// ``NetworkError/httpStatus(_:)`` for an unacceptable one only where the stack returns.
    public var statusCode: Int
    /// The header fields (case-insensitive names, in the order received).
    public var headers: HTTPHeaders
    /// The body, read once: in memory or still arriving. Read it or discard it: a body left unread holds its
    /// connection until it is dropped.
    public var body: ResponseBody
    /// The URL that answered (after redirects), which may differ from the one requested; `nil` for a response
    /// built without one (a stub).
    public var url: URL? {
        get { location?.url }
        set { location = newValue.map(RequestURL.init) }
    }
    /// The URL that answered as text or `URL` (a request's, shared without parsing it: see `RequestURL`).
    package var location: RequestURL?
    /// How the client's cache answered (hit, revalidated, miss, …), or `nil` when no cache took part; what to
    /// check when a response looks stale.
    public var cacheStatus: CacheStatus?
    /// The redirects followed to get here, oldest first; empty when the first URL answered.
    public var redirects: [Redirect] = []
    /// The request that drew this response as it went on the wire (after redirects, cookies and every
    /// interceptor's changes), as OkHttp's `Response.request`; `nil` for a response no transport made (a cache
    /// hit, a stub an interceptor returned). The client checks the status against its `acceptableStatusCodes`.
    public var request: HTTPRequest?
    /// Where the transport leaves its timings, if it measures them (`SocketTransport` does).
    package var metricsRecorder: TransferMetricsRecorder?

    /// How the transfer spent its time and on which connection, once the body has been read; `nil` before, and
    /// for transports that do not measure (a stub; `URLSessionTransport` on Linux, where URLSession reports no
    /// metrics). What to look at when a request is slow, before guessing.
    public var metrics: TransferMetrics? { metricsRecorder?.metrics }

    /// The trailer fields sent after the body (a chunked HTTP/1.1 body's trailer section, HTTP/2's trailing
    /// HEADERS), once the body has been read to its end; `nil` before, when the server sent none, and for
    /// transports that do not report them (`URLSessionTransport`).
    public var trailers: HTTPHeaders? { metricsRecorder?.trailers }

    /// Creates a response whose body is streamed or already in memory: what a transport, or an interceptor that
    /// answers by itself, returns.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: ResponseBody, url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.location = url.map(RequestURL.init)
    }

    /// Creates a response with its body in memory: the short form for stubs and tests.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.init(statusCode: statusCode, headers: headers, body: ResponseBody(body), url: url)
    }
}

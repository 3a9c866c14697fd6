import CourierHTTP
import Foundation

extension NetworkClient {
    /// Everything a `NetworkClient` applies to every request.
    ///
    /// ```swift
    /// var configuration = NetworkClient.Configuration()
    /// configuration.headers["User-Agent"] = "MyApp/1.0"
    /// configuration.interceptors = [AuthInterceptor(tokenProvider: tokens), LoggingInterceptor()]
    /// configuration.retryPolicy = .never
    /// let client = NetworkClient(baseURL: URL(string: "https://api.example.com/v1")!, configuration: configuration)
    /// ```
    public struct Configuration: Sendable {
        /// Header fields sent with every request; an endpoint's field of the same name wins.
        public var headers: HTTPHeaders
        /// The inactivity timeout for requests whose endpoint sets none.
        public var timeout: Duration
        /// Status codes that count as success for endpoints that set none.
        public var acceptableStatusCodes: Set<Int>
        /// The retry policy for endpoints that set none. `RetryPolicy.never` turns retrying off.
        public var retryPolicy: RetryPolicy
        /// The redirect policy for endpoints that set none. Default `.follow` (up to 20); `.never` returns
        /// redirect responses as they are.
        public var redirectPolicy: RedirectPolicy
        /// Application interceptors, outermost first: each sees every call once, as the caller made it, and may
        /// rewrite it, retry it or answer it itself. They run above the built-ins (retry, redirects, cookies,
        /// cache, body buffering), whose order is fixed; every status reaches them as a response.
        public var interceptors: [any Interceptor]
        /// Network interceptors, outermost first: each sees every attempt and every redirect hop as it goes on the
        /// wire (the jar's cookies and the default fields included), just above the transport.
        public var networkInterceptors: [any Interceptor]
        /// The largest response body kept in memory, in bytes, or `nil` for no limit; a larger body fails with
        /// `TransportFailure.Kind.responseTooLarge`. Downloads to a file are not limited.
        public var maximumResponseSize: Int?
        /// Decodes response bodies (and typed error bodies) for endpoints without their own decoder.
        public var decoder: any ResponseDecoder
        /// Encodes query DTOs (and query-placed `parameters`) for endpoints without their own `queryEncoder`:
        /// the one place to choose your server's query convention, e.g.
        /// `URLQueryEncoder(arrayEncodingStrategy: .repeated)`. Default: `URLQueryEncoder()`.
        public var queryEncoder: URLQueryEncoder
        /// Moves requests over the network; `nil` (the default) makes the client create its platform's default:
        /// `SocketTransport` on Linux, `URLSessionTransport` elsewhere.
        public var transport: (any Transport)?
        /// Which cookie jar the client uses. Default `.perClient`: a new in-memory jar for this client.
        public var cookiePolicy: CookiePolicy
        /// The HTTP cache (RFC 9111, a private cache) the client answers from and stores in, or `nil` (the
        /// default) for none. One `HTTPCache` may serve several clients.
        public var cache: HTTPCache?
        /// The clock `RetryInterceptor` waits with (tests inject one that does not sleep).
        package var retryClock = RetryClock.system

        /// Creates a configuration; every argument has the default a client without one uses, so name only
        /// what differs (`Configuration(timeout: .seconds(30))`).
        public init(
            headers: HTTPHeaders = [:],
            timeout: Duration = RequestDefaults.standard.timeout,
            acceptableStatusCodes: Set<Int> = RequestDefaults.standard.acceptableStatusCodes,
            retryPolicy: RetryPolicy = RequestDefaults.standard.retryPolicy,
            redirectPolicy: RedirectPolicy = RequestDefaults.standard.redirectPolicy,
            interceptors: [any Interceptor] = [],
            networkInterceptors: [any Interceptor] = [],
            maximumResponseSize: Int? = RequestDefaults.standard.maximumResponseSize,
            decoder: any ResponseDecoder = JSONResponseDecoder(),
            queryEncoder: URLQueryEncoder = URLQueryEncoder(),
            transport: (any Transport)? = nil,
            cookiePolicy: CookiePolicy = .perClient,
            cache: HTTPCache? = nil
        ) {
            self.headers = headers
            self.timeout = timeout
            self.acceptableStatusCodes = acceptableStatusCodes
            self.retryPolicy = retryPolicy
            self.redirectPolicy = redirectPolicy
            self.interceptors = interceptors
            self.networkInterceptors = networkInterceptors
            self.maximumResponseSize = maximumResponseSize
            self.decoder = decoder
            self.queryEncoder = queryEncoder
            self.transport = transport
            self.cookiePolicy = cookiePolicy
            self.cache = cache
        }

        /// The defaults every request is resolved with.
        var requestDefaults: RequestDefaults {
            RequestDefaults(
                headers: headers, queryEncoder: queryEncoder, timeout: timeout, acceptableStatusCodes: acceptableStatusCodes,
                maximumResponseSize: maximumResponseSize, retryPolicy: retryPolicy,
                redirectPolicy: redirectPolicy)
        }
    }
}

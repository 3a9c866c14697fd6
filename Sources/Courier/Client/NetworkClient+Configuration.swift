import CourierHTTP
import Foundation

extension NetworkClient {
    /// Everything a `NetworkClient` applies to every request: the per-request defaults (`requestDefaults`, a
    /// `RequestDefaults`, read and written through the configuration itself: `configuration.timeout`), and the
    /// client-wide parts (interceptors, decoder, streamed line limit, transport, cookies, cache).
    ///
    /// ```swift
    /// var configuration = NetworkClient.Configuration()
    /// configuration.headers["User-Agent"] = "MyApp/1.0"
    /// configuration.interceptors = [AuthInterceptor(tokenProvider: tokens), LoggingInterceptor()]
    /// configuration.retryPolicy = .never
    /// let client = NetworkClient(baseURL: URL(string: "https://api.example.com/v1")!, configuration: configuration)
    /// ```
    @dynamicMemberLookup
    public struct Configuration: Sendable {
        /// The settings every request gets unless its endpoint sets its own — header fields, query encoder,
        /// timeout, acceptable statuses, response size limit, retry and redirect policies — each documented on
        /// `RequestDefaults`, the one type that declares them. Read and set them as the configuration's own
        /// (`configuration.retryPolicy = .never`).
        public var requestDefaults: RequestDefaults
        /// Application interceptors, outermost first: each sees every call once, as the caller made it, and may
        /// rewrite it, retry it or answer it itself. They run above the built-ins (retry, redirects, cookies,
        /// cache, default header fields, body buffering), whose order is fixed; every status reaches them as a
        /// response.
        public var interceptors: [any Interceptor]
        /// Network interceptors, outermost first: each sees every attempt and every redirect hop as it goes on the
        /// wire (the jar's cookies and the default fields included), just above the transport.
        public var networkInterceptors: [any Interceptor]
        /// Decodes response bodies (and typed error bodies) for endpoints without their own decoder. Default:
        /// ``JSONResponseDecoder``, tolerant of quoted numbers; set ``StrictJSONResponseDecoder`` to get
        /// `JSONDecoder`'s rules, or one configured for the whole API (snake-case keys, date format).
        public var decoder: any ResponseDecoder
        /// Moves requests over the network; `nil` (the default) makes the client create its platform's default:
        /// `SocketTransport` on Linux, `URLSessionTransport` elsewhere.
        public var transport: (any Transport)?
        /// Which cookie jar the client uses. Default `.perClient`: a new in-memory jar for this client, so a
        /// session cookie is kept and sent back while two clients never see each other's cookies.
        public var cookiePolicy: CookiePolicy
        /// The HTTP cache (RFC 9111, a private cache) the client answers from and stores in, or `nil` (the
        /// default) for none, because caching needs a size budget only the app can choose. One `HTTPCache`
        /// may serve several clients.
        public var cache: HTTPCache?
        /// The longest line of JSON Lines (`lines(_:decoding:)`) and the longest line (its field name included)
        /// or event `data` of an event stream (`events`), in bytes, or `nil` for no limit. Default: 16 MiB
        /// (`standardMaximumLineSize`). Streams are not limited by `maximumResponseSize`, so this is what keeps a
        /// server that never ends its line or event from growing memory without bound: past it, the loop throws
        /// `NetworkError.transport` with `.responseTooLarge`.
        public var maximumLineSize: Int?
        /// The default `maximumLineSize`, 16 MiB: room for a base64 image in one event, a quarter of the default
        /// `maximumResponseSize`. `ResponseBody.lines` uses it too.
        public static let standardMaximumLineSize = 16 << 20
        /// The clock `RetryInterceptor` waits with (tests inject one that does not sleep).
        package var retryClock = RetryClock.system

        /// Creates a configuration; every argument has the default a client without one uses, so name only
        /// what differs (`Configuration(timeout: .seconds(30))`). The per-request ones go to `requestDefaults`.
        public init(
            headers: HTTPHeaders = [:],
            timeout: Duration = RequestDefaults.standard.timeout,
            acceptableStatusCodes: Set<Int> = RequestDefaults.standard.acceptableStatusCodes,
            retryPolicy: RetryPolicy = RequestDefaults.standard.retryPolicy,
            redirectPolicy: RedirectPolicy = RequestDefaults.standard.redirectPolicy,
            interceptors: [any Interceptor] = [],
            networkInterceptors: [any Interceptor] = [],
            maximumResponseSize: Int? = RequestDefaults.standard.maximumResponseSize,
            maximumLineSize: Int? = standardMaximumLineSize,
            decoder: any ResponseDecoder = JSONResponseDecoder(),
            queryEncoder: URLQueryEncoder = URLQueryEncoder(),
            transport: (any Transport)? = nil,
            cookiePolicy: CookiePolicy = .perClient,
            cache: HTTPCache? = nil
        ) {
            self.requestDefaults = RequestDefaults(
                headers: headers, queryEncoder: queryEncoder, timeout: timeout, acceptableStatusCodes: acceptableStatusCodes,
                maximumResponseSize: maximumResponseSize, retryPolicy: retryPolicy, redirectPolicy: redirectPolicy)
            self.interceptors = interceptors
            self.networkInterceptors = networkInterceptors
            self.maximumLineSize = maximumLineSize
            self.decoder = decoder
            self.transport = transport
            self.cookiePolicy = cookiePolicy
            self.cache = cache
        }

        /// A per-request default, read and written in `requestDefaults` (`configuration.timeout`), so the
        /// common settings read as the configuration's own while `RequestDefaults` stays the one place they
        /// are declared.
        public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RequestDefaults, Value>) -> Value {
            get { requestDefaults[keyPath: keyPath] }
            set { requestDefaults[keyPath: keyPath] = newValue }
        }
    }
}

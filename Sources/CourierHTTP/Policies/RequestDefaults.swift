import Foundation
import URLQueryCoding

/// The settings every request gets unless its endpoint sets its own: the one type that declares a client's
/// per-request defaults.
///
/// A `NetworkClient` holds one in `configuration.requestDefaults` (its fields read and written through the
/// configuration: `configuration.timeout`) and passes it to `HTTPRequest(_:baseURL:defaults:)`, which resolves each
/// setting once (the endpoint's value, else this one's).
///
/// ```swift
/// var defaults = RequestDefaults()
/// defaults.headers["User-Agent"] = "MyApp/1.0"
/// let request = try HTTPRequest(GetUser(id: 7), baseURL: baseURL, defaults: defaults)
/// ```
public struct RequestDefaults: Sendable {
    /// Header fields sent with every request (an endpoint's header of the same name replaces one of these).
    /// A default `Content-Type` is dropped when the request has no body and replaced by the body's own.
    public var headers: HTTPHeaders
    /// Encodes query DTOs of endpoints that do not bring their own `queryEncoder`. Default: `URLQueryEncoder()`
    /// (brackets for objects, indexed arrays, ISO-8601 dates with fractional seconds).
    public var queryEncoder: URLQueryEncoder
    /// The inactivity timeout. Default: 60 seconds.
    public var timeout: Duration
    /// Status codes that count as success. Default: 200–299.
    public var acceptableStatusCodes: Set<Int>
    /// The largest in-memory response body in bytes, or `nil` for no limit. Default: 64 MiB.
    public var maximumResponseSize: Int?
    /// What `send` and `response` read bodies with: `.buffered` within `maximumResponseSize`.
    public var responseBodyMode: ResponseBodyMode { .buffered(limit: maximumResponseSize ?? .max) }
    /// The retry policy. Default: `RetryPolicy.default`.
    public var retryPolicy: RetryPolicy
    /// The redirect policy. Default: `RedirectPolicy.follow` (up to 20).
    public var redirectPolicy: RedirectPolicy

    /// Creates defaults.
    public init(
        headers: HTTPHeaders = [:],
        queryEncoder: URLQueryEncoder = URLQueryEncoder(),
        timeout: Duration = .seconds(60),
        acceptableStatusCodes: Set<Int> = Set(200..<300),
        maximumResponseSize: Int? = 64 << 20,
        retryPolicy: RetryPolicy = .default,
        redirectPolicy: RedirectPolicy = .follow
    ) {
        self.headers = headers
        self.queryEncoder = queryEncoder
        self.timeout = timeout
        self.acceptableStatusCodes = acceptableStatusCodes
        self.maximumResponseSize = maximumResponseSize
        self.retryPolicy = retryPolicy
        self.redirectPolicy = redirectPolicy
    }

    /// `RequestDefaults()`: the values documented above.
    public static let standard = RequestDefaults()
}

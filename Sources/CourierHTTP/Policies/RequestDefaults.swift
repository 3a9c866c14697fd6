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
    /// A default `Content-Type` is dropped when the request has no body and replaced by the body's own. For
    /// fields every call needs (`User-Agent`, an API version); credentials belong in an interceptor, which can
    /// refresh them.
    public var headers: HTTPHeaders
    /// Encodes query DTOs of endpoints that do not bring their own `queryEncoder`. Default: `URLQueryEncoder()`
    /// (brackets for objects, indexed arrays, ISO-8601 dates with fractional seconds). Change the array
    /// convention to `.repeated` for FastAPI, Django, Go or an OpenAPI-generated server, which ignore
    /// indexed arrays: see <doc:QueryConventions>.
    public var queryEncoder: URLQueryEncoder
    /// The inactivity timeout. Default: 60 seconds, as URLSession's. It limits the wait for the next byte, not the
    /// whole call, so a slow but moving download never times out; retries each get their own.
    public var timeout: Duration
    /// Status codes that count as success. Default: 200–299; any other status throws `.httpStatus`. Add a code
    /// (a `304`, a `404` that means "none") to read its response instead.
    public var acceptableStatusCodes: Set<Int>
    /// The largest in-memory response body in bytes, or `nil` for no limit. Default: 64 MiB, enough for any
    /// JSON document while a runaway body fails with `responseTooLarge` instead of exhausting memory. Streams
    /// and downloads are not limited by it (a streamed line or event is, by the client's `maximumLineSize`).
    public var maximumResponseSize: Int?
    /// What `send` and `response` read bodies with: `.buffered` within `maximumResponseSize` (no limit, `Int.max`,
    /// when it is `nil`).
    public var responseBodyMode: ResponseBodyMode { .buffered(limit: maximumResponseSize ?? .max) }
    /// The retry policy. Default: ``RetryPolicy/default`` (three attempts for idempotent requests);
    /// ``RetryPolicy/never`` turns retrying off for the whole client.
    public var retryPolicy: RetryPolicy
    /// The redirect policy. Default: ``RedirectPolicy/follow`` (up to 20, never `https` to `http`).
    public var redirectPolicy: RedirectPolicy

    /// Creates defaults; every parameter defaults to the value documented on its property.
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

    /// `RequestDefaults()`: the values documented above, shared by requests built without a client.
    public static let standard = RequestDefaults()
}

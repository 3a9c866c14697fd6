import CourierHTTP
import Foundation

/// An HTTP endpoint described as a value: method, path, and the DTOs that carry its query and body.
///
/// The endpoint holds metadata only. Path variables are values used only in `path`; query and body
/// parameters live in `Encodable` DTOs, and **both may be present in one request**. Conform a router enum
/// (one `switch` per property, Moya style) or one struct per endpoint; see also `APIDefinition`, which adds
/// the response type.
///
/// ```swift
/// enum NoticeRouter: Endpoint {
///     case readStatusList(noticeId: Int, query: NoticeReadStatusListQuery)
///     var method: HTTPMethod { .get }
///     var path: EndpointPath { switch self { case .readStatusList(let id, _): "/notices/\(id)/read-status" } }
///     var query: (any Encodable & Sendable)? { switch self { case .readStatusList(_, let q): q } }
/// }
/// ```
public protocol Endpoint: Sendable {
    /// The body a failing (non-acceptable status) response decodes into, carried by the thrown
    /// `NetworkError.httpStatus` (`failure.errorBody(as:)`), also through `decoding(_:using:)` and other
    /// builder modifiers. Default: `EmptyResponse` (none declared; `errorBody(as:)` still decodes on demand).
    associatedtype APIErrorBody: Decodable & Sendable = EmptyResponse
    /// The request method. It also decides where a `parameters` DTO goes and whether a body is allowed
    /// (`GET`, `HEAD` and `TRACE` with a body throw `NetworkError.configuration`).
    var method: HTTPMethod { get }
    /// The path, appended to the client's base URL path. Path only: a literal `?` or `#` is rejected with
    /// `NetworkError.configuration`, since query values belong in `query`, where they are encoded safely.
    var path: EndpointPath { get }
    /// An exact absolute URL, query included, sent as given instead of the base URL and `path` — for the one
    /// call that must not be rebuilt (a signed URL, a paginated response's `next` link). Checked like other URLs
    /// (`http` or `https`, a host, no fragment, valid `%` escapes); a `query` DTO is appended after its own query.
    /// Default: `nil`.
    var exactURL: URL? { get }
    /// A DTO encoded into the query string with `queryEncoder` (or the client's). Default: none. A DTO rather
    /// than a dictionary so the field names and types are checked by the compiler; a failing `encode(to:)`
    /// throws `NetworkError.encoding`.
    var query: (any Encodable & Sendable)? { get }
    /// The request body (JSON, form, multipart, a file, raw bytes). Default: none. It brings its own
    /// `Content-Type`, which replaces a client default (a `Content-Type` in the endpoint's `headers` wins).
    var body: RequestBody? { get }
    /// A seed-style parameters DTO: sent as the query for GET, HEAD, DELETE, OPTIONS and TRACE, and as a JSON
    /// body otherwise. Default: none. It serves routers migrated from libraries with one parameters dictionary;
    /// new endpoints read better with `query` and `body`. Combine with `query`/`body` only where the placements
    /// do not clash: a clash throws `NetworkError.configuration` rather than silently dropping one.
    var parameters: (any Encodable & Sendable)? { get }
    /// Extra header fields for this endpoint. Default: none. A field named here replaces the client's field of
    /// the same name; an invalid name or value throws `NetworkError.configuration` before anything is sent.
    var headers: HTTPHeaders { get }
    /// The inactivity timeout (the longest wait for the next bytes, not for the whole transfer), or `nil` for
    /// the client's default (60 seconds). Expiry fails the attempt with a `.timedOut` transport failure, which
    /// the retry policy may retry.
    var timeout: Duration? { get }
    /// Status codes that count as success, or `nil` for the client's default (200–299). Any other status
    /// throws `NetworkError.httpStatus` carrying the response, so set it for an API that answers `404` or
    /// `409` as a normal outcome.
    var acceptableStatusCodes: Set<Int>? { get }
    /// The retry policy, or `nil` for the client's default (``RetryPolicy/default``: up to 3 attempts of an
    /// idempotent request on a timeout, a lost connection or one that could not be made, and 408, 429, 500,
    /// 502–504). Set ``RetryPolicy/never`` for a call that must fail fast.
    var retryPolicy: RetryPolicy? { get }
    /// The redirect policy, or `nil` for the client's default (follow up to 20 hops). Set
    /// ``RedirectPolicy/never`` to get the `3xx` back instead; it throws `NetworkError.httpStatus` unless
    /// `acceptableStatusCodes` accepts it.
    var redirectPolicy: RedirectPolicy? { get }
    /// How the client's HTTP cache treats this request, or `nil` for `.default` (RFC 9111's rules).
    var cacheMode: CacheMode? { get }
    /// The encoder for this endpoint's query DTO (e.g. `.repeated` arrays for one server), or `nil` for the
    /// client's (`RequestDefaults.queryEncoder`).
    var queryEncoder: URLQueryEncoder? { get }
}

extension Endpoint {
    /// The error body type a failing status decodes into: a builder's (that of the endpoint it was made from),
    /// else `APIErrorBody`.
    package var errorBodyType: any (Decodable & Sendable).Type {
        (self as? any ErrorBodyCarrying)?.carriedErrorBody ?? APIErrorBody.self
    }

    /// `nil`: the base URL and `path`.
    public var exactURL: URL? { nil }
    /// No query DTO: an endpoint declares only what it uses.
    public var query: (any Encodable & Sendable)? { nil }
    /// No body: most endpoints (`GET`, `DELETE`) send none.
    public var body: RequestBody? { nil }
    /// No parameters DTO: `query` and `body` are the usual way; this one serves the seed convention.
    public var parameters: (any Encodable & Sendable)? { nil }
    /// No extra headers: the client's `Configuration.headers` still apply.
    public var headers: HTTPHeaders { [:] }
    /// `nil`: the client's timeout, so one setting covers every endpoint that has no reason to differ.
    public var timeout: Duration? { nil }
    /// `nil`: the client's acceptable statuses (200–299 unless configured).
    public var acceptableStatusCodes: Set<Int>? { nil }
    /// `nil`: the client's retry policy.
    public var retryPolicy: RetryPolicy? { nil }
    /// `nil`: the client's redirect policy.
    public var redirectPolicy: RedirectPolicy? { nil }
    /// `nil`: the cache's own rules (`CacheMode.default`).
    public var cacheMode: CacheMode? { nil }
    /// `nil`: the client's query encoder, so one server convention (e.g. `tags[]=`) is set once.
    public var queryEncoder: URLQueryEncoder? { nil }
}

import CourierHTTP
import Foundation

/// A one-off endpoint assembled with modifiers, for requests that do not deserve their own type; also what
/// `decoding(_:using:)` turns any endpoint (a router enum case, say) into.
///
/// ```swift
/// let items = try await client.send(.get("/search").query(SearchQuery(q: "kim")).decoding([Item].self))
/// let raw = try await client.send(.post("/events").json(event).header("Idempotency-Key", key))   // Data
/// let page = try await client.send(NoticeRouter.readStatusList(noticeId: 3, query: q).decoding(NoticePage.self))
/// ```
///
/// `APIResponse` is what `send` returns: `Data` (the raw body, what `.get(_:)` and friends start with), any
/// `Decodable` (decoded with `responseDecoder`, else the client's decoder), or `EmptyResponse`. The generic
/// parameter is `APIDefinition`'s associated type itself, so a builder needs no typealias to conform.
public struct EndpointBuilder<APIResponse: Decodable & Sendable>: APIDefinition {
    /// The request method (the factory that made the builder set it); it decides where `parameters` go and
    /// whether the request is retried without an `Idempotency-Key`.
    public var method: HTTPMethod
    /// The path, appended to the client's base URL path; interpolated values are encoded as one segment.
    public var path: EndpointPath
    /// The exact URL, if any (`get(url:)`, `request(_:url:)`), used instead of the base URL and `path`.
    public var exactURL: URL?
    /// The query DTO, if any (`query(_:encoder:)`); a failing `encode(to:)` throws `NetworkError.encoding`.
    public var query: (any Encodable & Sendable)?
    /// The body, if any (`body(_:)`, `json(_:encoder:)`); one on `GET`, `HEAD` or `TRACE` throws
    /// `NetworkError.configuration` when the request is built.
    public var body: RequestBody?
    /// A seed-style parameters DTO (see `Endpoint.parameters`), kept from an endpoint given to `decoding`.
    public var parameters: (any Encodable & Sendable)?
    /// Extra header fields (`header(_:_:)`, `headers(_:)`), added to the client's; a field of the same name
    /// replaces the client's.
    public var headers: HTTPHeaders
    /// The inactivity timeout, or `nil` for the client's default (`timeout(_:)`).
    public var timeout: Duration?
    /// Status codes that count as success, or `nil` for the client's default (200–299)
    /// (`acceptableStatusCodes(_:)`); any other status throws `NetworkError.httpStatus`.
    public var acceptableStatusCodes: Set<Int>?
    /// The retry policy, or `nil` for the client's default (`retryPolicy(_:)`).
    public var retryPolicy: RetryPolicy?
    /// The redirect policy, or `nil` for the client's default (`redirectPolicy(_:)`).
    public var redirectPolicy: RedirectPolicy?
    /// The cache mode, or `nil` for `.default`, RFC 9111's rules (`cacheMode(_:)`); it matters only when
    /// the client has a cache.
    public var cacheMode: CacheMode?
    /// The query encoder, or `nil` for the client's (set with `query(_:encoder:)`), for the one endpoint
    /// whose server wants another array or object convention.
    public var queryEncoder: URLQueryEncoder?
    /// The decoder for responses, or `nil` for the client's: the one `decoding(_:using:)` was given, else that of
    /// the endpoint it was made from, for the one endpoint whose body is not the API's usual format.
    public var responseDecoder: (any ResponseDecoder)?
    /// The `APIErrorBody` of the endpoint this builder was made from.
    package var carriedErrorBody: any (Decodable & Sendable).Type

    /// Creates a builder with every property of `endpoint` (what `decoding(_:using:)` and `.request` do), its
    /// `responseDecoder` included unless `responseDecoder` replaces it.
    init(_ endpoint: some Endpoint, responseDecoder: (any ResponseDecoder)? = nil) {
        carriedErrorBody = endpoint.errorBodyType
        method = endpoint.method
        path = endpoint.path
        exactURL = endpoint.exactURL
        query = endpoint.query
        body = endpoint.body
        parameters = endpoint.parameters
        headers = endpoint.headers
        timeout = endpoint.timeout
        acceptableStatusCodes = endpoint.acceptableStatusCodes
        retryPolicy = endpoint.retryPolicy
        redirectPolicy = endpoint.redirectPolicy
        cacheMode = endpoint.cacheMode
        queryEncoder = endpoint.queryEncoder
        self.responseDecoder = responseDecoder ?? (endpoint as? any APIDefinition)?.responseDecoder
    }

    /// Sets the query DTO, encoded with `encoder` (`nil` = the client's query encoder). A DTO, not a
    /// dictionary, so names and types are checked at compile time; it may be combined with a body.
    public func query(_ value: some Encodable & Sendable, encoder: URLQueryEncoder? = nil) -> Self {
        with {
            $0.query = value
            if let encoder { $0.queryEncoder = encoder }
        }
    }

    /// Sets the body, any `RequestBody` (`.form(login)`, `.multipart(form)`, `.file(url, contentType:)`, …),
    /// replacing any earlier one; its content type replaces a default `Content-Type`.
    public func body(_ body: RequestBody) -> Self {
        with { $0.body = body }
    }

    /// Sets a JSON body (`RequestBody.json`): the one body shortcut, because JSON is the body most requests
    /// carry; every other kind goes through `body(_:)` (`.body(.form(login))`, `.body(.multipart(form))`).
    public func json(_ value: some Encodable & Sendable, encoder: JSONEncoder = RequestBody.defaultJSONEncoder) -> Self {
        body(.json(value, encoder: encoder))
    }

    /// Sets a header field, replacing any of the same name (names compare case-insensitively), so a later
    /// modifier wins.
    public func header(_ name: String, _ value: String) -> Self {
        with { $0.headers[name] = value }
    }

    /// Adds a header field after any of the same name (`HTTPHeaders.add`): for a field sent several times
    /// (`.addingHeader("Accept", "application/json").addingHeader("Accept", "text/plain")`). Interceptors see
    /// each field; both transports send them as one line joined with `, ` (`Cookie`: `; `), which RFC 9110 §5.3
    /// makes equivalent for list-valued fields.
    public func addingHeader(_ name: String, _ value: String) -> Self {
        with { $0.headers.add(name: name, value: value) }
    }

    /// Merges header fields, replacing any of the same names: for a set of headers kept in one value.
    public func headers(_ headers: HTTPHeaders) -> Self {
        with { $0.headers = $0.headers.merging(headers) }
    }

    /// Sets the inactivity timeout, for the one request that is known to be slow (a report, an export).
    public func timeout(_ timeout: Duration) -> Self {
        with { $0.timeout = timeout }
    }

    /// Sets the status codes that count as success, for an API that answers `404` or `409` as a normal outcome;
    /// any other status throws `NetworkError.httpStatus`. Accepting a redirect status alone does not stop the
    /// client following it: to read a `302` itself, add `redirectPolicy(.never)` too.
    public func acceptableStatusCodes(_ codes: Set<Int>) -> Self {
        with { $0.acceptableStatusCodes = codes }
    }

    /// Sets the retry policy, e.g. `.never` for a request that must not be repeated.
    public func retryPolicy(_ policy: RetryPolicy) -> Self {
        with { $0.retryPolicy = policy }
    }

    /// Sets the redirect policy, e.g. `.never` to see a `Location` yourself; the `3xx` then throws
    /// `NetworkError.httpStatus` unless `acceptableStatusCodes(_:)` accepts it.
    public func redirectPolicy(_ policy: RedirectPolicy) -> Self {
        with { $0.redirectPolicy = policy }
    }

    /// Sets how the client's HTTP cache treats this request: `.reload` for a pull-to-refresh, `.onlyIfCached`
    /// offline, `.noStore` for a response that must not be kept (see `CacheMode`).
    public func cacheMode(_ mode: CacheMode) -> Self {
        with { $0.cacheMode = mode }
    }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

extension Endpoint {
    /// This endpoint with a named response type, decoded with `decoder`; `nil` keeps the endpoint's own
    /// `responseDecoder`, else the client's `Configuration.decoder` (tolerant JSON unless configured) — the rule
    /// every call follows. `Data` returns the raw body and `EmptyResponse` ignores it. The way to give a router
    /// enum case or a builder a response type without declaring one per endpoint; every other property, the
    /// error body type included, is kept.
    ///
    /// ```swift
    /// let user = try await client.send(.get("/users/\(id)").decoding(User.self))
    /// let page = try await client.send(NoticeRouter.readStatusList(noticeId: 3, query: q).decoding(NoticePage.self))
    /// ```
    public func decoding<Response: Decodable & Sendable>(
        _ type: Response.Type,
        using decoder: (any ResponseDecoder)? = nil
    ) -> EndpointBuilder<Response> {
        EndpointBuilder(self, responseDecoder: decoder)
    }
}

extension Endpoint where Self == EndpointBuilder<Data> {
    /// A builder for `method` and `path`, whose response is the raw body until `decoding(_:using:)` names a type:
    /// the way to any method (`.request(.head, "/files/\(id)")`, `.request("PURGE", "/cache")`); the five
    /// below are the methods most requests use.
    public static func request(_ method: HTTPMethod, _ path: EndpointPath) -> EndpointBuilder<Data> {
        EndpointBuilder(BareEndpoint(method: method, path: path))
    }

    /// A builder for `method` and an exact absolute URL, query included, sent as given (see
    /// `Endpoint.exactURL`): `.request(.delete, url: signedURL)`.
    public static func request(_ method: HTTPMethod, url: URL) -> EndpointBuilder<Data> {
        with(request(method, ""), url: url)
    }

    /// A `GET` of an exact URL, query included: a paginated response's `next` link, a signed download URL
    /// (`client.send(.get(url: page.next).decoding(Page.self))`).
    public static func get(url: URL) -> Self { request(.get, url: url) }

    private static func with(_ builder: EndpointBuilder<Data>, url: URL) -> EndpointBuilder<Data> {
        var builder = builder
        builder.exactURL = url
        return builder
    }

    /// A `GET` builder: `client.send(.get("/users/\(id)").decoding(User.self))`.
    public static func get(_ path: EndpointPath) -> Self { request(.get, path) }
    /// A `POST` builder; add the body with `json(_:encoder:)` or `body(_:)`.
    public static func post(_ path: EndpointPath) -> Self { request(.post, path) }
    /// A `PUT` builder (idempotent, so retried like `GET`).
    public static func put(_ path: EndpointPath) -> Self { request(.put, path) }
    /// A `PATCH` builder (not idempotent: retried only with an `Idempotency-Key`).
    public static func patch(_ path: EndpointPath) -> Self { request(.patch, path) }
    /// A `DELETE` builder (idempotent, so retried like `GET`).
    public static func delete(_ path: EndpointPath) -> Self { request(.delete, path) }
}

/// An endpoint that carries its error body type as a value: a builder, made from an endpoint of any type.
package protocol ErrorBodyCarrying {
    /// The error body type of the endpoint it was made from.
    var carriedErrorBody: any (Decodable & Sendable).Type { get }
}

extension EndpointBuilder: ErrorBodyCarrying {}

/// Method and path, nothing else: the seed of `.request(_:_:)`.
private struct BareEndpoint: Endpoint {
    let method: HTTPMethod
    let path: EndpointPath
}

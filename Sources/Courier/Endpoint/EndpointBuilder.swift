import Foundation

/// A one-off endpoint assembled with modifiers, for requests that do not deserve their own type.
///
/// ```swift
/// let items = try await client.send(.get("/search").query(SearchQuery(q: "kim")).decoding([Item].self))
/// let raw = try await client.send(.post("/events").json(event).header("Idempotency-Key", key))   // Data
/// ```
///
/// On its own an `EndpointBuilder` is an `APIDefinition` whose response is the raw body (`Data`);
/// `decoding(_:)` turns it into a `TypedEndpoint` with the response type you name.
public struct EndpointBuilder: APIDefinition {
    /// The raw body.
    public typealias APIResponse = Data

    /// The request method.
    public var method: HTTPMethod
    /// The path, appended to the client's base URL path.
    public var path: EndpointPath
    /// The query DTO, if any.
    public var query: (any Encodable & Sendable)?
    /// The body, if any.
    public var body: RequestBody?
    /// Extra header fields.
    public var headers: HTTPHeaders
    /// The timeout in seconds, or `nil` for the client's default.
    public var timeout: TimeInterval?
    /// Status codes that count as success, or `nil` for the client's default.
    public var acceptableStatusCodes: Set<Int>?
    /// The retry policy, or `nil` for the client's default.
    public var retryPolicy: RetryPolicy?
    /// The query encoder, or `nil` for the client's.
    public var queryEncoder: URLQueryEncoder?

    /// Creates a builder for `method` and `path`.
    public init(method: HTTPMethod, path: EndpointPath) {
        self.method = method
        self.path = path
        self.query = nil
        self.body = nil
        self.headers = [:]
        self.timeout = nil
        self.acceptableStatusCodes = nil
        self.retryPolicy = nil
        self.queryEncoder = nil
    }

    /// Returns the raw body unchanged.
    public var responseDecoder: (any ResponseDecoder)? { DataResponseDecoder() }

    /// Sets the query DTO, encoded with `encoder` (`nil` = the client's query encoder).
    public func query(_ value: some Encodable & Sendable, encoder: URLQueryEncoder? = nil) -> EndpointBuilder {
        with {
            $0.query = value
            if let encoder { $0.queryEncoder = encoder }
        }
    }

    /// Sets the body.
    public func body(_ body: RequestBody) -> EndpointBuilder {
        with { $0.body = body }
    }

    /// Sets a JSON body (`RequestBody.json`).
    public func json(_ value: some Encodable & Sendable, encoder: JSONEncoder = RequestBody.defaultJSONEncoder) -> EndpointBuilder {
        body(.json(value, encoder: encoder))
    }

    /// Sets an `application/x-www-form-urlencoded` body (`RequestBody.form`).
    public func form(_ value: some Encodable & Sendable, encoder: URLQueryEncoder = URLQueryEncoder()) -> EndpointBuilder {
        body(.form(value, encoder: encoder))
    }

    /// Sets a multipart body (`RequestBody.multipart`).
    public func multipart(_ form: MultipartFormData) -> EndpointBuilder {
        body(.multipart(form))
    }

    /// Sets a header field, replacing any of the same name.
    public func header(_ name: String, _ value: String) -> EndpointBuilder {
        with { $0.headers[name] = value }
    }

    /// Merges header fields, replacing any of the same names.
    public func headers(_ headers: HTTPHeaders) -> EndpointBuilder {
        with { $0.headers = $0.headers.merging(headers) }
    }

    /// Sets the timeout in seconds.
    public func timeout(_ seconds: TimeInterval) -> EndpointBuilder {
        with { $0.timeout = seconds }
    }

    /// Sets the status codes that count as success.
    public func acceptableStatusCodes(_ codes: Set<Int>) -> EndpointBuilder {
        with { $0.acceptableStatusCodes = codes }
    }

    /// Sets the retry policy.
    public func retryPolicy(_ policy: RetryPolicy) -> EndpointBuilder {
        with { $0.retryPolicy = policy }
    }

    /// Names the response type: the result is an `APIDefinition` whose `APIResponse` is `type`, decoded with
    /// `decoder` (`nil` = the client's default, tolerant JSON).
    ///
    /// ```swift
    /// let user = try await client.send(.get("/users/\(id)").decoding(User.self))
    /// ```
    public func decoding<Response: Decodable & Sendable>(
        _ type: Response.Type,
        using decoder: (any ResponseDecoder)? = nil
    ) -> TypedEndpoint<Response> {
        TypedEndpoint(self, responseDecoder: decoder)
    }

    private func with(_ change: (inout EndpointBuilder) -> Void) -> EndpointBuilder {
        var copy = self
        change(&copy)
        return copy
    }
}

extension Endpoint where Self == EndpointBuilder {
    /// A builder for `method` and `path`.
    public static func request(_ method: HTTPMethod, _ path: EndpointPath) -> EndpointBuilder {
        EndpointBuilder(method: method, path: path)
    }

    /// A `GET` builder.
    public static func get(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .get, path: path) }
    /// A `POST` builder.
    public static func post(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .post, path: path) }
    /// A `PUT` builder.
    public static func put(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .put, path: path) }
    /// A `PATCH` builder.
    public static func patch(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .patch, path: path) }
    /// A `DELETE` builder.
    public static func delete(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .delete, path: path) }
    /// A `HEAD` builder.
    public static func head(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .head, path: path) }
    /// An `OPTIONS` builder.
    public static func options(_ path: EndpointPath) -> EndpointBuilder { EndpointBuilder(method: .options, path: path) }
}

import Foundation

/// An `EndpointBuilder` with a named response type; made by `EndpointBuilder.decoding(_:using:)`.
///
/// ```swift
/// let endpoint = EndpointBuilder.get("/users/7").decoding(User.self)   // TypedEndpoint<User>
/// ```
public struct TypedEndpoint<Response: Decodable & Sendable>: APIDefinition {
    /// The response type.
    public typealias APIResponse = Response

    /// The endpoint's request description.
    public var builder: EndpointBuilder
    /// The decoder for responses, or `nil` for the client's default.
    public var responseDecoder: (any ResponseDecoder)?

    /// Wraps `builder`, decoding responses with `responseDecoder` (`nil` = the client's default).
    public init(_ builder: EndpointBuilder, responseDecoder: (any ResponseDecoder)? = nil) {
        self.builder = builder
        self.responseDecoder = responseDecoder
    }

    /// The builder's method.
    public var method: HTTPMethod { builder.method }
    /// The builder's path.
    public var path: EndpointPath { builder.path }
    /// The builder's query DTO.
    public var query: (any Encodable & Sendable)? { builder.query }
    /// The builder's body.
    public var body: RequestBody? { builder.body }
    /// The builder's headers.
    public var headers: HTTPHeaders { builder.headers }
    /// The builder's timeout.
    public var timeout: TimeInterval? { builder.timeout }
    /// The builder's acceptable status codes.
    public var acceptableStatusCodes: Set<Int>? { builder.acceptableStatusCodes }
    /// The builder's retry policy.
    public var retryPolicy: RetryPolicy? { builder.retryPolicy }
    /// The builder's query encoder.
    public var queryEncoder: URLQueryEncoder? { builder.queryEncoder }
}

extension TypedEndpoint {
    /// Sets the query DTO; see `EndpointBuilder.query(_:encoder:)`.
    public func query(_ value: some Encodable & Sendable, encoder: URLQueryEncoder? = nil) -> TypedEndpoint {
        with { $0.query(value, encoder: encoder) }
    }

    /// Sets the body; see `EndpointBuilder.body(_:)`.
    public func body(_ body: RequestBody) -> TypedEndpoint {
        with { $0.body(body) }
    }

    /// Sets a JSON body; see `EndpointBuilder.json(_:encoder:)`.
    public func json(_ value: some Encodable & Sendable, encoder: JSONEncoder = RequestBody.defaultJSONEncoder) -> TypedEndpoint {
        with { $0.json(value, encoder: encoder) }
    }

    /// Sets a form body; see `EndpointBuilder.form(_:encoder:)`.
    public func form(_ value: some Encodable & Sendable, encoder: URLQueryEncoder = URLQueryEncoder()) -> TypedEndpoint {
        with { $0.form(value, encoder: encoder) }
    }

    /// Sets a multipart body; see `EndpointBuilder.multipart(_:)`.
    public func multipart(_ form: MultipartFormData) -> TypedEndpoint {
        with { $0.multipart(form) }
    }

    /// Sets a header field, replacing any of the same name.
    public func header(_ name: String, _ value: String) -> TypedEndpoint {
        with { $0.header(name, value) }
    }

    /// Merges header fields, replacing any of the same names.
    public func headers(_ headers: HTTPHeaders) -> TypedEndpoint {
        with { $0.headers(headers) }
    }

    /// Sets the timeout in seconds.
    public func timeout(_ seconds: TimeInterval) -> TypedEndpoint {
        with { $0.timeout(seconds) }
    }

    /// Sets the status codes that count as success.
    public func acceptableStatusCodes(_ codes: Set<Int>) -> TypedEndpoint {
        with { $0.acceptableStatusCodes(codes) }
    }

    /// Sets the retry policy.
    public func retryPolicy(_ policy: RetryPolicy) -> TypedEndpoint {
        with { $0.retryPolicy(policy) }
    }

    private func with(_ change: (EndpointBuilder) -> EndpointBuilder) -> TypedEndpoint {
        TypedEndpoint(change(builder), responseDecoder: responseDecoder)
    }
}

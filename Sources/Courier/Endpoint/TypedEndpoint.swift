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

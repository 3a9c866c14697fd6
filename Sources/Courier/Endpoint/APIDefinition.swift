import CourierHTTP
/// An endpoint whose response type travels with it, so `client.send(endpoint)` returns the decoded value.
///
/// ```swift
/// struct GetUser: APIDefinition {
///     typealias APIResponse = UserDTO
///     let id: Int
///     var method: HTTPMethod { .get }
///     var path: EndpointPath { "/users/\(id)" }
/// }
/// let user = try await client.send(GetUser(id: 7))
/// ```
public protocol APIDefinition: Endpoint {
    /// The decoded response body. Use `EmptyResponse` for empty bodies.
    associatedtype APIResponse: Decodable & Sendable
    /// The decoder for this endpoint's responses, or `nil` for the client's default (tolerant JSON).
    /// E.g. `TextResponseDecoder()` for `String` from a `text/*` body; `Data` as `APIResponse` gets the raw bytes
    /// with any decoder.
    var responseDecoder: (any ResponseDecoder)? { get }
}

extension APIDefinition {
    /// `nil`: the client's decoder, so one configuration (say, snake-case keys) serves every endpoint.
    public var responseDecoder: (any ResponseDecoder)? { nil }
}

import CourierHTTP
/// An endpoint whose response type travels with it, so `client.send(endpoint)` returns the decoded value.
///
/// Choose it over a plain ``Endpoint`` when a call has one success body: the compiler then checks that the
/// caller expects the type the server returns, instead of each call site naming it.
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
    /// The decoded response body. Use ``EmptyResponse`` for empty bodies (it reads nothing, so a `204` or a
    /// body you ignore never fails to decode); a body that does not decode throws `NetworkError.decoding`.
    associatedtype APIResponse: Decodable & Sendable
    /// The decoder for this endpoint's responses, or `nil` for the client's (by default the tolerant
    /// ``JSONResponseDecoder``). Set it only for the endpoint that differs from the rest of the API.
    /// E.g. `TextResponseDecoder()` for `String` from a `text/*` body; `Data` as `APIResponse` gets the raw bytes
    /// with any decoder.
    var responseDecoder: (any ResponseDecoder)? { get }
}

extension APIDefinition {
    /// `nil`: the client's decoder, so one configuration (say, snake-case keys) serves every endpoint.
    public var responseDecoder: (any ResponseDecoder)? { nil }
}

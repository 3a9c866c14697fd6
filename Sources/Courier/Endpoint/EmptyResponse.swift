/// The response of an endpoint whose body is empty or ignored (204 No Content, `HEAD`, …).
///
/// Decoding `EmptyResponse` never reads the body, so it also works for endpoints whose body you do not need.
public struct EmptyResponse: Codable, Sendable, Hashable {
    /// Creates an empty response, e.g. for a stub or a test double of an endpoint that returns nothing.
    public init() {}

    /// Decodes from anything, reading nothing, so a body the endpoint does not care about never fails it.
    public init(from decoder: any Decoder) throws {}

    /// Encodes nothing (there is nothing to send); `Codable` so it can stand in any generic DTO slot.
    public func encode(to encoder: any Encoder) throws {}
}

/// The response of an endpoint whose body is empty or ignored (204 No Content, `HEAD`, …).
///
/// Decoding `EmptyResponse` never reads the body, so it also works for endpoints whose body you do not need.
public struct EmptyResponse: Codable, Sendable, Hashable {
    /// Creates an empty response.
    public init() {}

    /// Decodes from anything, reading nothing.
    public init(from decoder: any Decoder) throws {}

    /// Encodes nothing.
    public func encode(to encoder: any Encoder) throws {}
}

/// A `MESSAGE`: one URI, one endpoint per method.
public struct ModelMessage: Sendable {
    /// The URI in canonical spelling (for comments).
    public let uri: String
    /// `///` lines.
    public let doc: [String]
    /// Endpoints in order of first appearance.
    public let endpoints: [ModelEndpoint]
}

/// A `MESSAGE`: one URI, one endpoint per method.
package struct ModelMessage: Sendable {
    /// The URI in canonical spelling (for comments).
    package let uri: String
    /// `///` lines.
    package let doc: [String]
    /// Endpoints in order of first appearance.
    package let endpoints: [ModelEndpoint]
}

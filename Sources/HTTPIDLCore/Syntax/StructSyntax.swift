/// `STRUCT Name { … }`.
public struct StructSyntax: Sendable, Hashable {
    /// `///` lines before the struct.
    public let doc: [String]
    /// The name.
    public let name: Identifier
    /// The body.
    public let body: BodySyntax
    /// The whole struct.
    public let range: SourceRange
}

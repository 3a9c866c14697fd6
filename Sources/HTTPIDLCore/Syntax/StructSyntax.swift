/// `STRUCT Name { … }`.
package struct StructSyntax: Sendable, Hashable {
    /// `///` lines before the struct.
    package let doc: [String]
    /// The name.
    package let name: Identifier
    /// The body.
    package let body: BodySyntax
    /// The whole struct.
    package let range: SourceRange
}

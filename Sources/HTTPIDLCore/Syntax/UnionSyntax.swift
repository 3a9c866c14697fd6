/// `UNION Name { TYPE; TYPE; … }`: a value that is one of several types (OpenAPI `oneOf`/`anyOf`).
package struct UnionSyntax: Sendable, Hashable {
    /// `///` lines before the union.
    package let doc: [String]
    /// The name.
    package let name: Identifier
    /// The member types, in the order decoding tries them.
    package let members: [TypeSyntax]
    /// The whole declaration.
    package let range: SourceRange
}

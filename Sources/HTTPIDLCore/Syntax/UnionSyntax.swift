/// `UNION Name { TYPE; TYPE; … }`: a value that is one of several types (OpenAPI `oneOf`/`anyOf`).
public struct UnionSyntax: Sendable, Hashable {
    /// `///` lines before the union.
    public let doc: [String]
    /// The name.
    public let name: Identifier
    /// The member types, in the order decoding tries them.
    public let members: [TypeSyntax]
    /// The whole declaration.
    public let range: SourceRange
}

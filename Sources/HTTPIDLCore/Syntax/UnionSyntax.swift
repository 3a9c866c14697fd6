/// `UNION Name { TYPE; TYPE; … }`: a value that is one of several types (OpenAPI `oneOf`/`anyOf`);
/// `UNION Name = kind { Cat = cat; Dog = dog; }`: the JSON object's `kind` property names the member (an OpenAPI
/// `discriminator` with its `mapping`).
package struct UnionSyntax: Sendable, Hashable {
    /// `///` lines before the union.
    package let doc: [String]
    /// The name.
    package let name: Identifier
    /// The member types, in the order decoding tries them.
    package let members: [TypeSyntax]
    /// `= key` after the name: the discriminator property (`nil`: decoding tries the members in order).
    package var discriminator: WireKeySyntax? = nil
    /// `= tag` after each member, in the order of `members` (`nil` where there is none).
    package var tags: [WireKeySyntax?] = []
    /// The whole declaration.
    package let range: SourceRange
}

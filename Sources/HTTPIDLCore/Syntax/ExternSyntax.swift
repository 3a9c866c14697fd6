/// `EXTERN Name;`.
package struct ExternSyntax: Sendable, Hashable {
    /// `///` lines before it.
    package let doc: [String]
    /// The Swift type's name.
    package let name: Identifier
    /// The whole declaration.
    package let range: SourceRange
}

/// `EXTERN Name;`.
public struct ExternSyntax: Sendable, Hashable {
    /// `///` lines before it.
    public let doc: [String]
    /// The Swift type's name.
    public let name: Identifier
    /// The whole declaration.
    public let range: SourceRange
}

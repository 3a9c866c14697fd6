/// A parsed file: declarations and comments.
public struct FileSyntax: Sendable {
    /// The source.
    public let source: SourceFile
    /// The declarations in order.
    public let declarations: [DeclarationSyntax]
    /// Every comment (for the formatter).
    public let comments: [Comment]
    /// Whether the file holds nothing but whitespace and comments.
    public let isBlank: Bool
}

/// A parsed file: declarations and comments.
package struct FileSyntax: Sendable {
    /// The source.
    package let source: SourceFile
    /// The declarations in order.
    package let declarations: [DeclarationSyntax]
    /// Every comment (for the formatter).
    package let comments: [Comment]
    /// Whether the file holds nothing but whitespace and comments.
    package let isBlank: Bool
}

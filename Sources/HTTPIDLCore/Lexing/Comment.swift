/// A comment kept for the formatter.
public struct Comment: Sendable, Hashable {
    /// The comment as written, including `//`, `///` or `/* */`.
    public let text: String
    /// Where it is.
    public let range: SourceRange
    /// Whether code precedes it on the same line (a trailing comment).
    public let isTrailing: Bool
}

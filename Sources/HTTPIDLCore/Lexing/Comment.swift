/// A comment kept for the formatter.
package struct Comment: Sendable, Hashable {
    /// The comment as written, including `//`, `///` or `/* */`.
    package let text: String
    /// Where it is.
    package let range: SourceRange
    /// Whether code precedes it on the same line (a trailing comment).
    package let isTrailing: Bool
}

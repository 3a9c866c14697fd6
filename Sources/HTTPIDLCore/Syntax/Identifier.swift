/// A name as written in the source, with its range.
public struct Identifier: Sendable, Hashable {
    /// The text.
    public let text: String
    /// Where it is.
    public let range: SourceRange

    /// Creates a name.
    public init(_ text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }
}

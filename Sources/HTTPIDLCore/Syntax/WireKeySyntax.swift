/// A wire key: free text (`= user-name`) or a string literal (`= "user name"`).
public struct WireKeySyntax: Sendable, Hashable {
    /// The key with escapes resolved.
    public let text: String
    /// Whether it was written as a string literal.
    public let isQuoted: Bool
    /// Where it is.
    public let range: SourceRange
}

/// A wire key: free text (`= user-name`) or a string literal (`= "user name"`).
package struct WireKeySyntax: Sendable, Hashable {
    /// The key with escapes resolved.
    package let text: String
    /// Whether it was written as a string literal.
    package let isQuoted: Bool
    /// Where it is.
    package let range: SourceRange
}

/// `MESSAGE [(Name)] uri { parts }`.
package struct MessageSyntax: Sendable, Hashable {
    /// `///` lines before the message.
    package let doc: [String]
    /// The explicit type-name stem.
    package let name: Identifier?
    /// The URI.
    package let uri: URISyntax
    /// The parts in order.
    package let parts: [MessagePartSyntax]
    /// The whole message.
    package let range: SourceRange
    /// Whether a syntax error was reported inside the message (semantic checks then skip it, so one typo
    /// does not cascade into pairing or naming errors).
    package let isIncomplete: Bool
}

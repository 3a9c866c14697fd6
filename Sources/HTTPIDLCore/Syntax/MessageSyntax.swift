/// `MESSAGE [(Name)] uri { parts }`.
public struct MessageSyntax: Sendable, Hashable {
    /// `///` lines before the message.
    public let doc: [String]
    /// The explicit type-name stem.
    public let name: Identifier?
    /// The URI.
    public let uri: URISyntax
    /// The parts in order.
    public let parts: [MessagePartSyntax]
    /// The whole message.
    public let range: SourceRange
    /// Whether a syntax error was reported inside the message (semantic checks then skip it, so one typo
    /// does not cascade into pairing or naming errors).
    public let isIncomplete: Bool
}

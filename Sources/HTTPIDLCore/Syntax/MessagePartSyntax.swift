/// `GET REQUEST [JSON] { … }`, `GET RESPONSE { … }`, `GET ERROR { … }`.
public struct MessagePartSyntax: Sendable, Hashable {
    /// `///` lines before the part.
    public let doc: [String]
    /// The method and where it is.
    public let method: MethodKeyword
    /// The method keyword's range.
    public let methodRange: SourceRange
    /// Request, response or error.
    public let role: PartRole
    /// The explicit body encoding of a request, with its range.
    public let encoding: BodyEncoding?
    /// The encoding keyword's range.
    public let encodingRange: SourceRange?
    /// The body.
    public let body: BodySyntax
    /// The whole part.
    public let range: SourceRange
}

/// `GET REQUEST [JSON] { … }`, `GET RESPONSE [EVENTS] { … }`, `GET ERROR { … }`.
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
    /// Where `EVENTS` stands, in `GET RESPONSE EVENTS { … }`: the response is a `text/event-stream` whose every
    /// event's data is one body value.
    public var eventsRange: SourceRange? = nil
    /// The whole part.
    public let range: SourceRange

    /// Whether the part is `RESPONSE EVENTS`.
    public var isEventStream: Bool { eventsRange != nil }

    /// The `EVENTS` keyword.
    static let eventsKeyword = "EVENTS"
}

/// `GET REQUEST [JSON] { … }`, `GET RESPONSE [EVENTS] { … }`, `GET ERROR { … }`.
package struct MessagePartSyntax: Sendable, Hashable {
    /// `///` lines before the part.
    package let doc: [String]
    /// The method and where it is.
    package let method: MethodKeyword
    /// The method keyword's range.
    package let methodRange: SourceRange
    /// Request, response or error.
    package let role: PartRole
    /// The explicit body encoding of a request, with its range.
    package let encoding: BodyEncoding?
    /// The encoding keyword's range.
    package let encodingRange: SourceRange?
    /// The body.
    package let body: BodySyntax
    /// Where `EVENTS` stands, in `GET RESPONSE EVENTS { … }`: the response is a `text/event-stream` whose every
    /// event's data is one body value.
    package var eventsRange: SourceRange? = nil
    /// The whole part.
    package let range: SourceRange

    /// Whether the part is `RESPONSE EVENTS`.
    package var isEventStream: Bool { eventsRange != nil }

    /// The `EVENTS` keyword.
    static let eventsKeyword = "EVENTS"
}

/// `GET REQUEST [JSON] { … }`, `GET RESPONSE [EVENTS] { … }`, `GET ERROR [404] { … }`.
package struct MessagePartSyntax: Sendable, Hashable {
    /// Parts are equal when they are written the same at the same place.
    package static func == (lhs: MessagePartSyntax, rhs: MessagePartSyntax) -> Bool {
        lhs.range == rhs.range && lhs.method == rhs.method && lhs.role == rhs.role && lhs.encoding == rhs.encoding
            && lhs.body == rhs.body && lhs.doc == rhs.doc && lhs.eventsRange == rhs.eventsRange && lhs.status?.code == rhs.status?.code
    }

    /// Hashes the place and role.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(role)
    }

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
    /// The status in `GET ERROR 404 { … }` (400–599), with its range: the error body of that status alone.
    package var status: (code: Int, range: SourceRange)? = nil
    /// The whole part.
    package let range: SourceRange

    /// Whether the part is `RESPONSE EVENTS`.
    package var isEventStream: Bool { eventsRange != nil }

    /// The `EVENTS` keyword.
    static let eventsKeyword = "EVENTS"
}

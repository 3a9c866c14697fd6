/// One `METHOD REQUEST|RESPONSE|ERROR [STATUS | ENCODING | EVENTS] { … }` of an imported message.
struct ImportedPart: Sendable, Hashable {
    /// What the braces hold.
    enum Content: Sendable, Hashable {
        /// Named fields, optionally with `BODY TYPE;` (the whole body) after them.
        case fields([ImportedField], bodyValue: String?)
        /// `{ TYPE; }`.
        case single(String)
    }

    /// `///` lines.
    var doc: [String] = []
    /// `//` lines.
    var notes: [String] = []
    /// The method.
    var method: MethodKeyword
    /// Request, response or error.
    var role: PartRole
    /// The request body's encoding keyword.
    var encoding: BodyEncoding?
    /// The content.
    var content: Content
    /// `RESPONSE EVENTS`: a `text/event-stream` response whose schema is that of one event's data.
    var isEventStream = false
    /// `ERROR 404`: the error body of that status alone.
    var status: Int?
}

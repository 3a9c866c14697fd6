/// `RESPONSE EVENTS` checks: every event's `data` is text decoded as JSON into the body type.
extension SemanticAnalyzer {
    /// Whether `payload` of the event-stream response `part` can be an event's data (after reporting why not).
    mutating func checkEventPayload(_ payload: ModelPayload, of part: MessagePartSyntax) -> Bool {
        if part.method == .head {
            report(.error, "a HEAD response has no body, so it cannot be an event stream; remove 'EVENTS'", at: part.eventsRange ?? part.methodRange)
            return false
        }
        switch payload {
        case .empty:
            report(.error, "an EVENTS response needs the type of an event's data: '{ TYPE; }' or named fields", at: part.body.range)
            return false
        case .single(let type):
            guard type.containsFile || type == .scalar(.blob) else { return true }
            let range: SourceRange
            if case .single(let syntax, _) = part.body.content { range = syntax.range } else { range = part.body.range }
            report(.error, "an event's data is text decoded as JSON; FILE and BLOB cannot be an event type", at: range)
            return false
        case .fields:
            return true
        }
    }

    /// The request fields of an endpoint whose generated request declares the member type `alias` (an event
    /// stream's `Event`, a WebSocket's `Send` and `Receive`) must not use a type so named: inside the request,
    /// the field would get the member type.
    mutating func checkRequestFields(_ fields: [ModelField], of request: MessagePartSyntax, avoiding alias: String,
                                     of context: String, naming meaning: String) {
        for field in fields where Self.mentions(field.type, alias) {
            let range = request.body.fields.first { $0.name.text == field.idlName }?.type.range ?? request.methodRange
            report(.error, "field '\(field.idlName)' of \(context) cannot use the type '\(alias)': the generated request names its \(meaning) type so; rename the type", at: range)
        }
    }

    /// The member type name a generated event-stream request declares.
    static let eventTypeAlias = "Event"

    /// Whether `type` is, or contains, the declared type `name`.
    static func mentions(_ type: ModelType, _ name: String) -> Bool {
        switch type {
        case .scalar: false
        case .array(let element): mentions(element, name)
        case .dictionary(let key, let value): mentions(key, name) || mentions(value, name)
        case .structure(let declared), .external(let declared), .enumeration(let declared, _): declared == name
        }
    }
}

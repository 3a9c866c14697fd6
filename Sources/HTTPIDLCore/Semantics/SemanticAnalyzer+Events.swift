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
}

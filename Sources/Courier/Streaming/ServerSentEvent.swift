/// One event of a `text/event-stream` response (`NetworkClient.events`), as the WHATWG EventSource rules build it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the last `event:` field of the event, `message` when it had none.
    public var event: String
    /// The `data:` fields of the event, joined with LF (the SSE rule), ready to decode as one JSON text.
    public var data: String
    /// The last event ID at the time of this event (the most recent `id:` field, also of earlier events), or `nil`
    /// while none was sent.
    public var id: String?
    /// The reconnection time the stream asked for (`retry:`, in milliseconds) as of this event, if any.
    public var retry: Int?

    /// Creates an event.
    package init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

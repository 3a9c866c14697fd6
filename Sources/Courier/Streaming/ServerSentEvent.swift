/// One event of a `text/event-stream` response (`NetworkClient.events`), as the WHATWG EventSource rules build it,
/// so a stream reads here as it does in a browser's `EventSource`.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the last `event:` field of the event, `message` when it had none. Switch on it when one
    /// stream carries several kinds of event.
    public var event: String
    /// The `data:` fields of the event, joined with LF (the SSE rule), ready to decode as one JSON text.
    public var data: String
    /// The last event ID at the time of this event (the most recent `id:` field, also of earlier events), or `nil`
    /// while none was sent. It is what a reconnection sends as `Last-Event-ID`, so the server can resume after it.
    public var id: String?
    /// The reconnection time the stream asked for (`retry:`, in milliseconds) as of this event, if any; a
    /// reconnection waits this long instead of the retry policy's backoff.
    public var retry: Int?

    /// Creates an event.
    package init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

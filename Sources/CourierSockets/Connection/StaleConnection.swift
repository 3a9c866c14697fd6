#if os(Linux)
import CourierHTTP

/// A request that failed on a pooled connection the server had already given up on: before any response byte
/// arrived. The one place the transport's own replay is decided: `SocketTransport.send` sends the request again
/// once, after closing the origin's other idle connections (so on a new one), and only when that is safe —
/// nothing of the request reached the server (the connection was found closed before writing), or its method is
/// idempotent. Otherwise, or when the replay fails the same way, `underlying` reaches the caller, and whether to
/// try again is `RetryPolicy`'s decision in the client's stack.
///
/// A request the server said it never processed (above an HTTP/2 GOAWAY's last-stream-id, or refused with
/// REFUSED_STREAM) is `unprocessed`: always safe to send again, and sent up to `maximumUnprocessedReplays`
/// times, since a server that ends connections every few requests may turn it away more than once.
struct StaleConnection: Error {
    /// What the caller sees when the request is not retried.
    var underlying: NetworkError
    /// Whether sending again is safe.
    var retryable: Bool
    /// Whether the server said it did not process the request.
    var unprocessed = false

    static let maximumUnprocessedReplays = 4

    /// Whether the request may be sent again after `replays` replays.
    func mayReplay(after replays: Int) -> Bool {
        retryable && replays < (unprocessed ? Self.maximumUnprocessedReplays : 1)
    }
}
#endif

#if os(Linux)
import CourierHTTP

/// A request that failed on a pooled connection the server had already given up on: before any response byte
/// arrived. The one place the transport's own replay is decided: `SocketTransport.send` sends the request again
/// once, after closing the origin's other idle connections (so on a new one), and only when that is safe —
/// nothing of the request reached the server (the connection was found closed before writing), or its method is
/// idempotent. Otherwise, or when the replay fails the same way, `underlying` reaches the caller, and whether to
/// try again is `RetryPolicy`'s decision in the client's stack.
struct StaleConnection: Error {
    /// What the caller sees when the request is not retried.
    var underlying: NetworkError
    /// Whether sending again is safe.
    var retryable: Bool
}
#endif

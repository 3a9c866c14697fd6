#if os(Linux)
import CourierHTTP

/// A request that failed on a pooled connection the server had already given up on: before any response byte
/// arrived. `SocketTransport` sends it again on another connection when that is safe (nothing was written, or
/// the method is idempotent); otherwise `underlying` reaches the caller.
struct StaleConnection: Error {
    /// What the caller sees when the request is not retried.
    var underlying: NetworkError
    /// Whether sending again is safe.
    var retryable: Bool
}
#endif

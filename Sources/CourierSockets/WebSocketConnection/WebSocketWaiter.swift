#if os(Linux)
import CourierHTTP

/// A caller waiting on a `WebSocketConnection`'s loop (a sender for the output to drain, `ping()` for its
/// pong), whose task may cancel the wait.
///
/// `@unchecked Sendable` is safe: `continuation` is touched only on the loop thread; `cancelled` is locked, and
/// set before the cancel reaches the loop, so a wait that starts after the task was cancelled sees it.
final class WebSocketWaiter: @unchecked Sendable {
    /// The ping's payload (empty for a sender).
    let payload: [UInt8]
    private var continuation: CheckedContinuation<Void, any Error>?
    private let cancelled = LockedState(false)

    init(payload: [UInt8] = []) {
        self.payload = payload
    }

    /// Runs `start` (on the loop, through `loop`) with the waiter armed, and waits for `resume`; cancelling the
    /// task calls `cancel` on the loop.
    func wait(on loop: EventLoop, cancel: @escaping @Sendable (WebSocketWaiter) -> Void, _ start: @escaping @Sendable (WebSocketWaiter) -> Void) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                loop.execute { [self] in
                    self.continuation = continuation
                    if isCancelled { return resume(throwing: NetworkError.cancelled) }
                    start(self)
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
            loop.execute { [self] in cancel(self) }
        }
    }

    /// Whether the task cancelled the wait.
    var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Whether the waiter still waits (loop thread).
    var isWaiting: Bool { continuation != nil }

    /// Ends the wait (loop thread); later calls do nothing.
    func resume(throwing error: (any Error)? = nil) {
        guard let continuation else { return }
        self.continuation = nil
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
#endif

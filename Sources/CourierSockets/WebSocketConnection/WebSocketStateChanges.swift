#if os(Linux)
import CourierHTTP

/// A count of a `WebSocketConnection`'s backpressure events (a sender waiting for the output buffer, the reads
/// pausing for a full inbox) that a caller can wait on, so it sees them without looking again and again.
final class WebSocketStateChanges: Sendable {
    private struct State {
        var version = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedState(State())

    /// How many events there have been.
    var version: Int { state.withLock { $0.version } }

    /// Records an event and wakes those waiting.
    func signal() {
        let waiters = state.withLock { state in
            state.version += 1
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once there has been an event after `version` (at once if there was one already).
    func wait(after version: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state in
                guard state.version == version else { return false }
                state.waiters.append(continuation)
                return true
            }
            if !waiting { continuation.resume() }
        }
    }
}
#endif

import CourierHTTP
/// One result that many tasks wait for: the refresh `AuthInterceptor` shares, the response
/// `CoalescingInterceptor` shares.
///
/// A waiter whose task is cancelled stops waiting at once with `NetworkError.cancelled`; the producer and the
/// other waiters are not affected. Every waiter is resumed exactly once: by `finish(_:)`, by its own
/// cancellation, or at once when the result is already there.
final class SharedResult<Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>

    private struct State {
        var result: Result<Value, any Error>?
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
    }

    private let state = LockedState(State())

    /// Hands `result` to every waiter, present and future. Only the first call counts.
    func finish(_ result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// Waits for the result; throws `NetworkError.cancelled` as soon as the calling task is cancelled.
    func value() async throws -> Value {
        let id = state.withLock { state -> UInt64 in
            defer { state.nextID &+= 1 }
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                // Task cancellation is flagged before `onCancel` runs, so checking it under the lock means a
                // waiter is either resumed here or found by `onCancel`, never neither.
                let immediate = state.withLock { state -> Result<Value, any Error>? in
                    if let result = state.result { return result }
                    if Task.isCancelled { return .failure(NetworkError.cancelled) }
                    state.waiters[id] = waiter
                    return nil
                }
                if let immediate { waiter.resume(with: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: NetworkError.cancelled)
        }
    }
}

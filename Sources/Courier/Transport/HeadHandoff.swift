import CourierHTTP

/// Hands one response head (or the failure in its place) from URLSession's delegate queue to the `send` that
/// awaits it, exactly once.
///
/// The head travels through a lock, not through a continuation's result: when URLSession answers before the
/// caller has reached its `await` (a fast loopback server, a loaded machine), the concurrency runtime hands a
/// continuation's result over without a synchronization the thread sanitizer can see, and it reported the
/// body's handle, written on the delegate queue, as raced by the reader. Under the lock both sides are ordered
/// for it too, and the cost (one lock per request) is nothing next to URLSession's.
final class HeadHandoff: Sendable {
    private struct State {
        var result: Result<HTTPResponse, any Error>?
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedState(State())

    /// Delivers the head; only the first delivery counts.
    func resume(returning response: HTTPResponse) {
        deliver(.success(response))
    }

    /// Delivers the failure in place of a head; only the first delivery counts.
    func resume(throwing error: any Error) {
        deliver(.failure(error))
    }

    /// Waits for the delivery and returns it (or throws the failure). Called once.
    func wait() async throws -> HTTPResponse {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let delivered = state.withLock { state -> Bool in
                if state.result != nil { return true }
                state.waiter = waiter
                return false
            }
            if delivered { waiter.resume() }
        }
        // Set before the waiter was resumed, and never unset: the guard only keeps a broken invariant typed.
        guard let result = state.withLock({ $0.result }) else {
            throw NetworkError.transport(TransportFailure(kind: .connectionLost, message: "the transfer ended without a response"))
        }
        return try result.get()
    }

    private func deliver(_ result: Result<HTTPResponse, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

#if os(Linux)
import CourierHTTP

/// What a `WebSocketConnection`'s senders may hand its loop without waiting for it: a sender whose message
/// fits under `limit` (with the bytes handed over and not yet queued, and those queued and not yet written)
/// goes on at once, the loop writing the message after; past it, the sender waits on the loop for the output
/// to drain. Once the connection fails or closes, senders get the reason here, without a trip to the loop.
///
/// The loop writes `queued` after each message and each drain, so it may lag: a sender then waits on the loop
/// when it need not have (the loop lets it go at once), never the other way.
final class WebSocketSendBudget: Sendable {
    private struct State {
        var refusal: WebSocketError?
        var handedOver = 0
        var queued = 0
    }

    private let state = LockedState(State())
    /// The bytes that may wait for the socket before senders wait.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `size` bytes of the budget: `true` when they fit (the sender hands its message over and goes
    /// on), `false` when the sender must wait on the loop.
    ///
    /// - Throws: why the connection takes no more messages.
    func take(_ size: Int) throws(WebSocketError) -> Bool {
        let taken = state.withLock { state -> Result<Bool, WebSocketError> in
            if let refusal = state.refusal { return .failure(refusal) }
            guard state.handedOver + state.queued + size <= limit else { return .success(false) }
            state.handedOver += size
            return .success(true)
        }
        return try taken.get()
    }

    /// The loop took over a message of `size` bytes handed over (0 for one whose sender waited), and
    /// `queued` bytes now wait for the socket.
    func update(tookOver size: Int = 0, queued: Int) {
        state.withLock {
            $0.handedOver -= size
            $0.queued = queued
        }
    }

    /// From now on senders get `error` (the connection's `failure`, mirrored).
    func refuse(_ error: WebSocketError) {
        state.withLock { $0.refusal = error }
    }
}
#endif

import CourierHTTP

/// When a keep-alive ping is due and when its pong is overdue (`WebSocketConfiguration.pingInterval` and
/// `pingTimeout`), as pure state: the connection feeds it the time and what arrived, and does what `next`
/// says. A ping goes out after `interval` with nothing received; only the pong echoing its payload
/// (RFC 6455 §5.5.3) answers it, so a peer that sends data but never pongs still fails at the deadline.
package struct WebSocketKeepAlive: Sendable {
    /// What the connection should do now.
    package enum Action: Sendable, Hashable {
        /// Nothing until this instant (then ask again).
        case wait(until: ContinuousClock.Instant)
        /// Send a ping with this payload (its deadline is set).
        case sendPing([UInt8])
        /// The pong is overdue: fail the connection with `.pingTimeout`.
        case fail
    }

    /// The idle time before a ping.
    package let interval: Duration
    /// How long a ping waits for its pong.
    package let timeout: Duration
    private var lastReceived: ContinuousClock.Instant
    private var outstanding: (payload: [UInt8], deadline: ContinuousClock.Instant)?
    private var sent: UInt64 = 0

    /// Keep-alive from `now` on.
    package init(interval: Duration, timeout: Duration, now: ContinuousClock.Instant) {
        self.interval = interval
        self.timeout = timeout
        lastReceived = now
    }

    /// A frame arrived: the idle time starts again (a pending ping still needs its pong).
    package mutating func received(at now: ContinuousClock.Instant) {
        lastReceived = now
    }

    /// A pong arrived: it answers the pending ping if it echoes its payload.
    package mutating func receivedPong(_ payload: [UInt8], at now: ContinuousClock.Instant) {
        received(at: now)
        if outstanding?.payload == payload { outstanding = nil }
    }

    /// What to do at `now`.
    package mutating func next(at now: ContinuousClock.Instant) -> Action {
        if let outstanding {
            return now >= outstanding.deadline ? .fail : .wait(until: outstanding.deadline)
        }
        let due = lastReceived + interval
        guard now >= due else { return .wait(until: due) }
        sent += 1
        let payload = (0..<8).map { UInt8(truncatingIfNeeded: sent >> (56 - 8 * UInt64($0))) }
        outstanding = (payload, now + timeout)
        return .sendPing(payload)
    }
}

#if os(Linux)
import CourierHTTP

/// Time on an HTTP/2 connection: the exchanges' time-outs, the wait for `100 Continue`, the idle time-out, and
/// PING for liveness. An idle pooled connection is PINGed every `pingInterval`; while a PING awaits its answer,
/// new streams wait (they would go to a peer that may be gone), and one unanswered for `pingTimeout` retires the
/// connection: it closes and the exchanges that waited are sent again on a new one, never having gone out.
extension HTTP2Connection {
    var streamDeadline: UInt64? {
        guard !closed else { return nil }
        var earliest = pingSentAt.map { $0 &+ settings.pingTimeout } ?? .max
        guard !streams.isEmpty || !queued.isEmpty else {
            earliest = min(earliest, idleSince &+ settings.idleTimeout)
            if pingSentAt == nil, let due = pingDue { earliest = min(earliest, due) }
            return earliest
        }
        for active in streams.values {
            if let deadline = active.exchange.requestDeadline { earliest = min(earliest, deadline) }
            if let deadline = active.continueDeadline { earliest = min(earliest, deadline) }
            if active.heldBytes == 0 { earliest = min(earliest, stream.lastActivity &+ active.exchange.timeout) }
        }
        return earliest == .max ? nil : earliest
    }

    func streamDeadlinePassed(now: UInt64) {
        if let pingSentAt, pingSentAt &+ settings.pingTimeout <= now {
            retire()
            return
        }
        guard !streams.isEmpty || !queued.isEmpty else {
            if idleSince &+ settings.idleTimeout <= now {
                close()
            } else if pingSentAt == nil, let due = pingDue, due <= now {
                sendPing(now: now)
            }
            return
        }
        for active in Array(streams.values) {
            if let deadline = active.continueDeadline, deadline <= now {
                // No `100 Continue` in time: the body goes anyway (RFC 9110 §10.1.1).
                stopWaitingForContinue(active, send: true)
                stream.flush()
                continue
            }
            let whole = active.exchange.requestDeadline.map { $0 <= now } ?? false
            let silent = active.heldBytes == 0 && stream.lastActivity &+ active.exchange.timeout <= now
            guard whole || silent else { continue }
            abandon(active, failing: active.exchange.timeoutFailure(whole: whole, from: key))
        }
    }

    /// When an idle connection is next PINGed, if it is: not before its first exchange started (a new
    /// connection is idle only until the exchange it was opened for reaches it).
    private var pingDue: UInt64? {
        guard served > 0 else { return nil }
        return settings.pingInterval.map { max(idleSince, pingAnsweredAt) &+ $0 }
    }

    private func sendPing(now: UInt64) {
        pingSentAt = now
        let payload = nextPingPayload
        nextPingPayload &+= 1
        drive { machine, out in machine.ping(opaque: payload, into: &out) }
        stream.flush()
    }

    /// The server answered: the connection is alive, and the streams that waited open.
    func pingAnswered() {
        pingSentAt = nil
        pingAnsweredAt = MonotonicClock.now()
        openQueuedStreams()
    }

    /// No answer to a PING: the connection leaves the pool and closes; what waited is sent on a new one.
    private func retire() {
        leavePool()
        stream.close(NetworkError.transport(TransportFailure(
            kind: .connectionLost,
            message: "\(key) did not answer an HTTP/2 PING within \(ByteStreamConnection.describe(nanoseconds: settings.pingTimeout))")))
    }
}
#endif

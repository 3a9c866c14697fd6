import Testing
@testable import CourierSockets

@Suite("WebSocket keep-alive timing (no clock waits: instants are given)")
struct WebSocketKeepAliveTests {
    static let start = ContinuousClock.now

    @Test("a ping after the idle interval; its pong clears the deadline; received frames delay the next ping")
    func pingAndPong() {
        var keepAlive = WebSocketKeepAlive(interval: .seconds(10), timeout: .seconds(3), now: Self.start)
        #expect(keepAlive.next(at: Self.start + .seconds(5)) == .wait(until: Self.start + .seconds(10)))
        keepAlive.received(at: Self.start + .seconds(5))
        #expect(keepAlive.next(at: Self.start + .seconds(10)) == .wait(until: Self.start + .seconds(15)))
        guard case .sendPing(let payload) = keepAlive.next(at: Self.start + .seconds(15)) else {
            Issue.record("no ping after 10 idle seconds")
            return
        }
        #expect(payload.count == 8)
        #expect(keepAlive.next(at: Self.start + .seconds(16)) == .wait(until: Self.start + .seconds(18)))
        keepAlive.receivedPong(payload, at: Self.start + .seconds(17))
        #expect(keepAlive.next(at: Self.start + .seconds(18)) == .wait(until: Self.start + .seconds(27)))
    }

    @Test("no pong, a pong with another payload, or only data frames: the connection fails at the deadline")
    func deadline() {
        var keepAlive = WebSocketKeepAlive(interval: .seconds(1), timeout: .seconds(2), now: Self.start)
        guard case .sendPing(let payload) = keepAlive.next(at: Self.start + .seconds(1)) else {
            Issue.record("no ping")
            return
        }
        keepAlive.receivedPong(payload.reversed() + [0], at: Self.start + .seconds(2))
        keepAlive.received(at: Self.start + .milliseconds(2500))
        #expect(keepAlive.next(at: Self.start + .milliseconds(2999)) == .wait(until: Self.start + .seconds(3)))
        #expect(keepAlive.next(at: Self.start + .seconds(3)) == .fail)
    }

    @Test("each ping carries a new payload")
    func distinctPayloads() {
        var keepAlive = WebSocketKeepAlive(interval: .seconds(1), timeout: .seconds(1), now: Self.start)
        var payloads: [[UInt8]] = []
        for second in 1...3 {
            let now = Self.start + .seconds(2 * second)
            if case .sendPing(let payload) = keepAlive.next(at: now) {
                payloads.append(payload)
                keepAlive.receivedPong(payload, at: now)
            }
        }
        #expect(Set(payloads).count == 3)
    }
}

import CourierHTTP
import Testing
@testable import CourierSockets

@Suite("WebSocket close handshake (RFC 6455 §7)")
struct WebSocketCloseHandshakeTests {
    @Test("1005, 1006, 1015, 1004 and codes outside the ranges are never sent; a reason over 123 bytes is refused",
          arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 2000, 2999, 5000] as [UInt16])
    func codesNeverSent(code: UInt16) {
        var handshake = WebSocketCloseHandshake()
        #expect(throws: WebSocketError.self) { try handshake.close(code: WebSocketCloseCode(rawValue: code)) }
        #expect(handshake.state == .open)
    }

    @Test("reasons: 123 bytes pass, 124 fail; a reason without a code fails")
    func reasonLength() throws {
        var handshake = WebSocketCloseHandshake()
        let long = String(repeating: "é", count: 62)  // 124 bytes
        #expect(throws: WebSocketError.self) { try handshake.close(code: .normalClosure, reason: long) }
        #expect(throws: WebSocketError.self) { try handshake.close(code: nil, reason: "x") }
        let payload = try handshake.close(code: .goingAway, reason: String(repeating: "x", count: 123))
        #expect(payload?.count == 125)
        #expect(payload?.prefix(2) == [0x03, 0xE9])
    }

    @Test("we close first: one Close frame, no data after it, done when the peer's arrives")
    func weCloseFirst() throws {
        var handshake = WebSocketCloseHandshake()
        #expect(try handshake.close(code: .normalClosure) == [0x03, 0xE8])
        #expect(!handshake.canSendData)
        #expect(try handshake.close(code: .normalClosure) == nil)
        #expect(handshake.receive(try WebSocketClosePayload(received: [0x03, 0xE8])) == nil)
        #expect(handshake.state == .closed)
    }

    @Test("the peer closes first: its code is echoed (an empty Close answered empty)")
    func peerClosesFirst() throws {
        var handshake = WebSocketCloseHandshake()
        #expect(handshake.receive(try WebSocketClosePayload(received: [0x0F, 0xA0, 0x61])) == [0x0F, 0xA0])
        #expect(handshake.state == .closed)
        #expect(handshake.received?.reason == "a")
        var empty = WebSocketCloseHandshake()
        #expect(empty.receive(try WebSocketClosePayload(received: [])) == [])
    }
}

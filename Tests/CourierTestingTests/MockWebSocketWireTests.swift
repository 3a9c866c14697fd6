import Courier
import CourierTesting
import Foundation
import Testing

/// MockWebServer's WebSocket side checked byte for byte from a plain socket, against RFC 6455's own examples.
@Suite("MockWebSocket on the wire", .loopback)
struct MockWebSocketWireTests {
    static let upgrade = "GET /chat HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    @Test("RFC 6455's key gets its accept value, then the §5.7 unmasked Hello and the masked Hello is recorded")
    func rfcBytes() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let socket = MockWebSocket([.send(.text("Hello")), .receive], acceptsCompression: false)
        server.enqueue(.webSocket(socket))
        let client = try RawClient(port: server.port)
        client.send(Self.upgrade)
        let response = try client.readResponse(isHead: true)
        #expect(response.status == 101)
        #expect(response.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response.header("Upgrade") == "websocket")
        #expect(client.read(count: 7).data == Data([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]))
        client.send(Data([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]))
        client.send(Data([0x88, 0x82, 0, 0, 0, 0, 0x03, 0xE8]))
        #expect(client.read(count: 4).data == Data([0x88, 0x02, 0x03, 0xE8]))
        #expect(client.readToEnd().end == .closed)
        #expect(await server.waitUntil { _ in socket.isFinished })
        #expect(socket.transcript.messages == [.text("Hello")])
        #expect(socket.transcript.closeCode == .normalClosure)
    }

    @Test("an Upgrade without Sec-WebSocket-Version 13 is refused with 400")
    func refusedUpgrade() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let socket = MockWebSocket([])
        server.enqueue(.webSocket(socket))
        let client = try RawClient(port: server.port)
        client.send(Self.upgrade.replacingOccurrences(of: "Version: 13", with: "Version: 8"))
        #expect(try client.readResponse().status == 400)
        #expect(socket.isFinished)
        #expect(socket.transcript.failure?.kind == .handshakeFailed)
    }

    /// Found in the doc audit: a `.close` step the server may not send was skipped and the script went on. The
    /// session now ends there with Close 1011 and records the mistake as `.invalidArgument` in `failure`.
    @Test("a .close step with a code that may not be sent or a reason over 123 bytes ends the session with 1011",
          arguments: [
              MockWebSocket.Step.close(.abnormalClosure), .close(.noStatusReceived), .close(.tlsHandshakeFailure),
              .close(WebSocketCloseCode(rawValue: 999)), .close(WebSocketCloseCode(rawValue: 5000)),
              .close(.normalClosure, reason: String(repeating: "é", count: 62)), .close(nil, reason: "no code"),
          ])
    func unsendableCloseStep(step: MockWebSocket.Step) async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let socket = MockWebSocket([step, .send(.text("after"))], acceptsCompression: false)
        server.enqueue(.webSocket(socket))
        let port = server.port
        let (status, frame) = try await offPool {
            let client = try RawClient(port: port)
            client.send(Self.upgrade)
            let status = try client.readResponse(isHead: true).status
            return (status, client.readToEnd())
        }
        #expect(status == 101)
        // One unmasked Close frame, 1011 and a reason, then the end: nothing of the steps after it.
        try #require(frame.data.count >= 4 && frame.data.count <= 127)
        #expect(frame.data.prefix(4) == Data([0x88, UInt8(frame.data.count - 2), 0x03, 0xF3]))
        #expect(frame.end == .closed)
        #expect(await server.waitUntil { _ in socket.isFinished })
        #expect(socket.transcript.failure?.kind == .invalidArgument)
        #expect(socket.transcript.failure?.closeCode == .internalServerError)
    }
}

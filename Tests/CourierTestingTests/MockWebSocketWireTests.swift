import CourierTesting
import Foundation
import Testing

/// MockWebServer's WebSocket side checked byte for byte from a plain socket, against RFC 6455's own examples.
@Suite("MockWebSocket on the wire")
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
}

#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing

/// MockWebServer's WebSocket side (`MockResponse.webSocket`) over real loopback sockets, driven by a client
/// written with Courier's client-role codec.
@Suite("MockWebServer speaks WebSocket")
struct MockWebSocketTests {
    static func serve(_ socket: MockWebSocket, tls: MockWebServer.TLS? = nil) throws -> MockWebServer {
        let server = MockWebServer(configuration: tls.map { MockWebServer.Configuration(tls: $0) } ?? .init())
        try server.start()
        server.enqueue(.webSocket(socket))
        return server
    }

    /// The client's next event, which must be there.
    static func next(_ client: WebSocketTestClient) throws -> WebSocketEvent {
        try #require(try client.nextEvent())
    }

    /// Answers the server's Close frame and checks the server then closes the connection.
    static func finishClose(_ client: WebSocketTestClient, _ server: MockWebServer, _ socket: MockWebSocket) async throws {
        try client.send(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8]))
        #expect(try client.nextFrame() == nil)
        #expect(await server.waitUntil { _ in socket.isFinished })
    }

    @Test("handshake, scripted text and binary, an echo, and the close handshake with a code and reason")
    func echoAndClose() async throws {
        let socket = MockWebSocket([.send(.text("hello")), .send(.binary(Data([1, 2, 3]))), .echo, .close(.normalClosure, reason: "bye")])
        let server = try Self.serve(socket)
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port)
        let negotiated = try client.upgrade("/chat?room=1")
        #expect(negotiated == WebSocketHandshake.Negotiated(subprotocol: nil, compression: nil))
        #expect(try Self.next(client) == .message(.text("hello")))
        #expect(try Self.next(client) == .message(.binary(Data([1, 2, 3]))))
        try client.send(.text("ping me"))
        #expect(try Self.next(client) == .message(.text("ping me")))
        #expect(try Self.next(client) == .close(try WebSocketClosePayload(sending: .normalClosure, reason: "bye")))
        try await Self.finishClose(client, server, socket)
        let transcript = socket.transcript
        #expect(transcript.messages == [.text("ping me")])
        #expect(transcript.closeReceived && transcript.closeCode == .normalClosure)
        let request = try await server.takeRequest()
        #expect(request.path == "/chat")
        #expect(request.headers["Upgrade"] == "websocket")
    }

    @Test("a fragmented message with a ping between fragments; pongs and the client's close are recorded")
    func fragmentsPingsAndClientClose() async throws {
        let socket = MockWebSocket([.ping([1, 2]), .sendFragmented(.text("Hello, fragments"), fragmentSize: 4), .receive])
        let server = try Self.serve(socket)
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port)
        try client.upgrade()
        #expect(try Self.next(client) == .ping([1, 2]))
        try client.send(WebSocketFrame(opcode: .pong, payload: [1, 2]))
        #expect(try Self.next(client) == .ping(Array("between".utf8)))
        #expect(try Self.next(client) == .message(.text("Hello, fragments")))
        try client.send(.text("done"))
        try client.send(WebSocketFrame(opcode: .close, payload: [0x0F, 0xA0] + Array("app".utf8)))
        #expect(try Self.next(client) == .close(try WebSocketClosePayload(sending: WebSocketCloseCode(rawValue: 4000))))
        #expect(try client.nextFrame() == nil)
        #expect(await server.waitUntil { _ in socket.isFinished })
        #expect(socket.transcript.pongs == [[1, 2]])
        #expect(socket.transcript.messages == [.text("done")])
        #expect(socket.transcript.closeCode == WebSocketCloseCode(rawValue: 4000) && socket.transcript.closeReason == "app")
    }

    @Test("the client's pings are answered, unless the script says never to answer")
    func pingAnswers() async throws {
        for answers in [true, false] {
            let socket = MockWebSocket([.receive, .close(.goingAway)], answersPings: answers)
            let server = try Self.serve(socket)
            defer { server.shutdown() }
            let client = try WebSocketTestClient(port: server.port)
            try client.upgrade()
            try client.send(WebSocketFrame(opcode: .ping, payload: [7]))
            try client.send(.binary(Data([0])))
            let first = try Self.next(client)
            #expect(first == (answers ? .pong([7]) : .close(try WebSocketClosePayload(sending: .goingAway))))
            #expect(socket.transcript.pings == [[7]])
        }
    }

    @Test("server faults reach the client as the errors a conforming client raises", arguments: [
        (MockWebSocket.Fault.maskedFrame, WebSocketCloseCode.protocolError),
        (.reservedBits, .protocolError),
        (.reservedOpcode, .protocolError),
        (.invalidUTF8, .invalidFramePayloadData),
        (.oversizedFrame(length: 1 << 40), .messageTooBig),
        (.raw([0x89, 0x7E, 0x00, 0x7E]), .protocolError),
    ])
    func faults(fault: MockWebSocket.Fault, code: WebSocketCloseCode) async throws {
        let server = try Self.serve(MockWebSocket([.fault(fault)]))
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port, configuration: .init(maximumFrameSize: 1 << 20, compression: false))
        try client.upgrade()
        do {
            let event = try client.nextEvent()
            Issue.record("the fault gave \(String(describing: event))")
        } catch let error as WebSocketError {
            #expect(error.closeCode == code)
        }
    }

    @Test("an abrupt close ends the stream without a Close frame")
    func abruptClose() async throws {
        let server = try Self.serve(MockWebSocket([.send(.text("last")), .fault(.abruptClose)]))
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port)
        try client.upgrade()
        #expect(try Self.next(client) == .message(.text("last")))
        #expect(try client.nextEvent() == nil)
    }

    @Test("a client's violations are answered with a Close of their code and recorded", arguments: [
        (WebSocketFrame(opcode: .text, payload: Array("unmasked".utf8)), true, WebSocketCloseCode.protocolError),
        (WebSocketFrame(opcode: .text, payload: [0xED, 0xA0, 0x80]), false, .invalidFramePayloadData),
        (WebSocketFrame(opcode: .continuation, payload: [1]), false, .protocolError),
    ])
    func clientViolations(frame: WebSocketFrame, unmasked: Bool, code: WebSocketCloseCode) async throws {
        let socket = MockWebSocket([.echoUntilClose])
        let server = try Self.serve(socket)
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port)
        try client.upgrade()
        try client.send(frame, maskingKey: unmasked ? .some(nil) : .none)
        let close = try Self.next(client)
        #expect(close == .close(try WebSocketClosePayload(sending: code)))
        #expect(await server.waitUntil { _ in socket.isFinished })
        #expect(socket.transcript.failure?.closeCode == code)
    }

    @Test("a request that is not a valid Upgrade gets 400, and the script records why")
    func badUpgrade() async throws {
        let socket = MockWebSocket([.send(.text("never"))])
        let server = try Self.serve(socket)
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port)
        let answer = try client.request(headers: ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13"])
        #expect(answer.status == 400)
        #expect(socket.transcript.failure?.kind == .handshakeFailed)
    }

    @Test("the scripted subprotocol is answered; a client that did not offer it fails the handshake")
    func subprotocols() async throws {
        for offered in [["chat"], []] {
            let server = try Self.serve(MockWebSocket([], subprotocol: "chat"))
            defer { server.shutdown() }
            let client = try WebSocketTestClient(port: server.port, configuration: .init(compression: false, subprotocols: offered))
            if offered.isEmpty {
                #expect(throws: WebSocketError.self) { try client.upgrade() }
            } else {
                #expect(try client.upgrade().subprotocol == "chat")
            }
        }
    }

    @Test("permessage-deflate: negotiated, the server's messages compressed (RSV1), the client's inflated and echoed")
    func compression() async throws {
        let big = String(repeating: "compress me, ", count: 2000)
        let socket = MockWebSocket([.send(.text("Hello")), .echo, .echo])
        let server = try Self.serve(socket)
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port, configuration: .init())
        let negotiated = try client.upgrade()
        #expect(negotiated.compression == PerMessageDeflate())
        #expect(socket.transcript.extensions == "permessage-deflate")
        let frame = try #require(try client.nextFrame())
        #expect(frame.isCompressed && frame.payload == [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00])
        for message in [WebSocketMessage.text(big), .binary(Data((0..<70_000).map { UInt8($0 % 7) }))] {
            try client.send(message)
            #expect(try Self.next(client) == .message(message))
        }
        #expect(socket.transcript.messages.count == 2)
    }

    @Test("over TLS: handshake, echo and close")
    func overTLS() async throws {
        let ca = try HeldCertificate.authority()
        let socket = MockWebSocket([.echo, .close(.normalClosure)])
        let server = try Self.serve(socket, tls: try MockWebServer.TLS(serving: ca))
        defer { server.shutdown() }
        let client = try WebSocketTestClient(port: server.port, tls: try TLSContext(configuration: ca.trustingConfiguration))
        try client.upgrade()
        try client.send(.text("secret"))
        #expect(try Self.next(client) == .message(.text("secret")))
        #expect(try Self.next(client) == .close(try WebSocketClosePayload(sending: .normalClosure)))
        try await Self.finishClose(client, server, socket)
        #expect(socket.transcript.messages == [.text("secret")])
    }
}
#endif

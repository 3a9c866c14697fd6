#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `NetworkClient.webSocket` over `SocketTransport` against MockWebServer's scripted WebSocket side, over
/// real loopback sockets: messages both ways, pings, the close handshake, the server's violations, a refused
/// handshake, permessage-deflate, and the interceptors on the Upgrade request.
@Suite(.loopback) struct WebSocketClientTests {
    struct Chat: Endpoint {
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/chat" }
    }

    struct Note: Codable, Sendable, Hashable {
        var text: String
        var count: Int
    }

    /// Adds an `Authorization` header, as an auth interceptor would.
    struct Bearer: Interceptor {
        func intercept(_ request: HTTPRequest, next: @escaping Next) async throws -> HTTPResponse {
            var request = request
            request.headers["Authorization"] = "Bearer secret"
            return try await next(request)
        }
    }

    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(headers: HTTPHeaders = [:], interceptors: [any Interceptor] = [], transport: (any Transport)? = SocketTransport.testing()) -> NetworkClient {
        NetworkClient(baseURL: server.url("/api"), configuration: .init(
            headers: headers, retryPolicy: .never, interceptors: interceptors, transport: transport))
    }

    /// Every message until the sequence ends.
    static func collect(_ socket: WebSocket) async throws -> [WebSocketMessage] {
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        return received
    }

    @Test(.hangLimit(minutes: 1))
    func echoesTextBinaryAndJSONThenClosesWithACodeAndReason() async throws {
        let mock = MockWebSocket([.echo, .echo, .echo], acceptsCompression: false)
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat(), configuration: WebSocketConfiguration(compression: false))
        var messages = socket.messages.makeAsyncIterator()
        try await socket.send(text: "héllo")
        #expect(try await messages.next() == .text("héllo"))
        try await socket.send(.binary(Data([0, 1, 2, 255])))
        #expect(try await messages.next() == .binary(Data([0, 1, 2, 255])))
        try await socket.send(Note(text: "n", count: 3))
        var notes = socket.messages(decoding: Note.self).makeAsyncIterator()
        #expect(try await notes.next() == Note(text: "n", count: 3))
        try await socket.close(code: .goingAway, reason: "bye now")
        #expect(await server.waitUntil { _ in mock.isFinished })
        let transcript = mock.transcript
        #expect(transcript.messages.count == 3)
        #expect(transcript.closeReceived && transcript.closeCode == .goingAway && transcript.closeReason == "bye now")
        #expect(try await messages.next() == nil)
    }

    @Test(.hangLimit(minutes: 1))
    func fragmentedMessagesPingsAndTheServersClose() async throws {
        let long = String(repeating: "fragment ", count: 40)
        let mock = MockWebSocket([
            .sendFragmented(.text(long), fragmentSize: 7), .ping([1, 2, 3]), .send(.binary(Data([9]))),
            .close(WebSocketCloseCode(rawValue: 4000), reason: "done"),
        ])
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat())
        #expect(try await Self.collect(socket) == [.text(long), .binary(Data([9]))])
        #expect(socket.closeCode == WebSocketCloseCode(rawValue: 4000))
        #expect(socket.closeReason == "done")
        try await socket.close()
        #expect(await server.waitUntil { _ in mock.isFinished })
        #expect(mock.transcript.pongs == [Array("between".utf8), [1, 2, 3]])  // `sendFragmented` pings between fragments
        #expect(mock.transcript.closeCode == WebSocketCloseCode(rawValue: 4000))
    }

    @Test(.hangLimit(minutes: 1))
    func pingWaitsForItsPong() async throws {
        let mock = MockWebSocket([.echoUntilClose])
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat())
        try await socket.ping()
        try await socket.ping()
        try await socket.close()
        #expect(await server.waitUntil { _ in mock.isFinished })
        #expect(mock.transcript.pings.count == 2)
        #expect(mock.transcript.closeCode == .normalClosure)
        await #expect(throws: WebSocketError.self) { try await socket.send(text: "too late") }
    }

    static let violations: [(MockWebSocket.Fault, WebSocketError.Kind, UInt16)] = [
        (.reservedBits, .protocolViolation, 1002),
        (.reservedOpcode, .protocolViolation, 1002),
        (.maskedFrame, .protocolViolation, 1002),
        (.invalidUTF8, .invalidUTF8, 1007),
        (.oversizedFrame(length: 1 << 20), .messageTooBig, 1009),
    ]

    @Test(.hangLimit(minutes: 1), arguments: violations)
    func serverViolationsCloseWithTheirCode(fault: MockWebSocket.Fault, kind: WebSocketError.Kind, code: UInt16) async throws {
        let mock = MockWebSocket([.send(.text("before")), .fault(fault)])
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat(), configuration: WebSocketConfiguration(maximumFrameSize: 4096))
        var messages = socket.messages.makeAsyncIterator()
        #expect(try await messages.next() == .text("before"))
        do {
            _ = try await messages.next()
            Issue.record("no error for \(fault)")
        } catch let error as WebSocketError {
            #expect(error.kind == kind)
            #expect(error.closeCode == WebSocketCloseCode(rawValue: code))
        }
        #expect(await server.waitUntil { _ in mock.isFinished })
        #expect(mock.transcript.closeCode == WebSocketCloseCode(rawValue: code))
    }

    @Test(.hangLimit(minutes: 1))
    func anAbruptCloseIsAConnectionLoss() async throws {
        let mock = MockWebSocket([.fault(.abruptClose)])
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat())
        let error = await #expect(throws: WebSocketError.self) { try await Self.collect(socket) }
        #expect(error?.kind == .connectionLost && error?.closeCode == .abnormalClosure)
    }

    @Test(.hangLimit(minutes: 1))
    func aRefusedHandshakeIsAnHTTPStatusError() async throws {
        server.enqueue(.text("log in first", status: 401))
        let error = await #expect(throws: NetworkError.self) { try await client().webSocket(Chat()) }
        guard case .httpStatus(let failure) = error else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 401)
        #expect(String(decoding: failure.body, as: UTF8.self) == "log in first")
    }

    @Test(.hangLimit(minutes: 1))
    func theUpgradeGoesThroughTheInterceptors() async throws {
        let mock = MockWebSocket([.close(.normalClosure)])
        server.enqueue(.webSocket(mock))
        let socket = try await client(headers: ["X-App": "courier"], interceptors: [Bearer()]).webSocket(Chat())
        #expect(try await Self.collect(socket) == [])
        let request = try await server.takeRequest()
        #expect(request.path == "/api/chat")
        #expect(request.headers["Authorization"] == "Bearer secret")
        #expect(request.headers["X-App"] == "courier")
        #expect(request.headers["Upgrade"] == "websocket")
    }

    @Test(.hangLimit(minutes: 1))
    func permessageDeflateIsNegotiatedAndUsed() async throws {
        let mock = MockWebSocket([.echo, .send(.text(String(repeating: "squeeze ", count: 500)))])
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat())
        let text = String(repeating: "compress me ", count: 1000)
        try await socket.send(text: text)
        var messages = socket.messages.makeAsyncIterator()
        #expect(try await messages.next() == .text(text))
        #expect(try await messages.next() == .text(String(repeating: "squeeze ", count: 500)))
        try await socket.close()
        #expect(mock.transcript.extensions?.hasPrefix("permessage-deflate") == true)
        #expect(mock.transcript.messages == [.text(text)])
        let request = try await server.takeRequest()
        #expect(request.headers["Sec-WebSocket-Extensions"]?.hasPrefix("permessage-deflate") == true)
    }

    @Test(.hangLimit(minutes: 1))
    func keepAlivePingsAndFailsWithoutAPong() async throws {
        let answering = MockWebSocket([.echoUntilClose])
        server.enqueue(.webSocket(answering))
        let configuration = WebSocketConfiguration(pingInterval: .milliseconds(20), pingTimeout: .seconds(10))
        let socket = try await client().webSocket(Chat(), configuration: configuration)
        #expect(await server.waitUntil { _ in answering.transcript.pings.count >= 2 }, "two keep-alive pings arrive")
        try await socket.close()

        let silent = MockWebSocket([.echoUntilClose], answersPings: false)
        server.enqueue(.webSocket(silent))
        let quick = WebSocketConfiguration(pingInterval: .milliseconds(20), pingTimeout: .milliseconds(50))
        let unanswered = try await client().webSocket(Chat(), configuration: quick)
        let error = await #expect(throws: WebSocketError.self) { try await Self.collect(unanswered) }
        #expect(error?.kind == .pingTimeout)
    }

    @Test(.hangLimit(minutes: 1))
    func aDroppedWebSocketClosesGoingAway() async throws {
        let mock = MockWebSocket([.echoUntilClose])
        server.enqueue(.webSocket(mock))
        do {
            let socket = try await client().webSocket(Chat())
            try await socket.send(text: "last words")
        }
        #expect(await server.waitUntil { _ in mock.isFinished })
        #expect(mock.transcript.messages == [.text("last words")])
        #expect(mock.transcript.closeCode == .goingAway)
    }

    @Test(.hangLimit(minutes: 1))
    func aPingWithoutAPongEndsWhenItsTaskIsCancelled() async throws {
        let mock = MockWebSocket([.echoUntilClose], answersPings: false)
        server.enqueue(.webSocket(mock))
        let socket = try await client().webSocket(Chat())
        let waiting = Task { try await socket.ping() }
        #expect(await server.waitUntil { _ in !mock.transcript.pings.isEmpty }, "the ping arrives")
        waiting.cancel()
        await #expect(throws: NetworkError.cancelled) { try await waiting.value }
        try await socket.send(text: "still open")
        try await socket.close()
        #expect(mock.transcript.messages == [.text("still open")])
    }

    @Test(.hangLimit(minutes: 1))
    func subprotocolsAreNegotiatedAndCheckedAgainstTheOffer() async throws {
        let agreeing = MockWebSocket([.close(.normalClosure)], subprotocol: "chat.v2")
        server.enqueue(.webSocket(agreeing))
        let socket = try await client().webSocket(Chat(), configuration: WebSocketConfiguration(subprotocols: ["chat.v2", "chat.v1"]))
        #expect(socket.subprotocol == "chat.v2")
        #expect(try await Self.collect(socket) == [])

        server.enqueue(.webSocket(MockWebSocket([.close(.normalClosure)], subprotocol: "not.offered")))
        let error = await #expect(throws: WebSocketError.self) {
            try await client().webSocket(Chat(), configuration: WebSocketConfiguration(subprotocols: ["chat.v1"]))
        }
        #expect(error?.kind == .handshakeFailed)
    }

    @Test func aTransportWithoutWebSocketsSaysSo() async throws {
        let error = await #expect(throws: WebSocketError.self) {
            try await client(transport: URLSessionTransport()).webSocket(Chat())
        }
        #expect(error?.kind == .unsupportedTransport)
    }
}
#endif

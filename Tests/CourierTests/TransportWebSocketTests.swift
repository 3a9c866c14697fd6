import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

extension TransportKind {
    /// The transports that open WebSockets on this platform: `SocketTransport` on Linux (whose URLSession, over
    /// libcurl, has none), `URLSessionTransport` (over `URLSessionWebSocketTask`) on Apple platforms.
    static var webSockets: [TransportKind] {
        #if os(Linux)
        [.socket]
        #else
        [.urlSession]
        #endif
    }
}

/// `client.webSocket` over the transport that opens WebSockets here (`TransportKind.webSockets`) against
/// MockWebServer: what every transport does alike, and an endpoint as httpidl generates it for `WEBSOCKET`.
@Suite(.loopback) struct TransportWebSocketTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.url("/api"), configuration: .init(retryPolicy: .never, transport: transport.make()))
    }

    struct Chat: Endpoint {
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/chat" }
    }

    // The declarations httpidl generates for `WEBSOCKET(ChatRoom)` of Tests/HTTPIDLCoreTests/Golden/web_sockets.http
    // (GoldenTests pins that text, Golden/web_sockets.swift), trimmed of doc comments.

    struct ChatOut: Codable, Sendable, Equatable {
        var text: String
    }

    struct ChatIn: Codable, Sendable, Equatable {
        var author: String
        var text: String
        var sent: Date?

        private enum CodingKeys: String, CodingKey {
            case author
            case text
            case sent = "sent_at"
        }
    }

    struct ChatRoomWebSocket: WebSocketDefinition {
        typealias Send = ChatOut
        typealias Receive = ChatIn
        typealias APIErrorBody = ChatRoomWebSocketErrorBody
        var room: Int32
        var token: String
        var since: Int?
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/rooms/\(String(self.room))/chat" }
        var query: (any Encodable & Sendable)? { Query(since: self.since) }
        var subprotocols: [String] { ["chat.v2", "chat.v1"] }
        var headers: HTTPHeaders {
            var headers: HTTPHeaders = [:]
            headers.add(name: "X-Token", value: self.token)
            return headers
        }
        struct Query: Encodable, Sendable, Equatable {
            var since: Int?
        }
    }

    struct ChatRoomWebSocketErrorBody: Codable, Sendable, Equatable {
        var message: String?
    }

    @Test(.hangLimit(minutes: 1), arguments: TransportKind.webSockets)
    func aGeneratedEndpointSendsAndReceivesTypedMessages(over transport: TransportKind) async throws {
        let mock = MockWebSocket([
            .receive, .send(.text(#"{"author":"ann","text":"hi all","sent_at":"2026-12-05T10:00:00Z"}"#)),
            .send(.binary(Data(#"{"author":"bob","text":"yo"}"#.utf8))), .close(.normalClosure, reason: "bye"),
        ], subprotocol: "chat.v2", acceptsCompression: false)
        server.enqueue(.webSocket(mock))
        let chat = try await client(transport).webSocket(ChatRoomWebSocket(room: 7, token: "secret", since: 3))
        #expect(chat.socket.subprotocol == "chat.v2")
        try await chat.send(ChatOut(text: "hello"))
        var received: [ChatIn] = []
        for try await message in chat.messages { received.append(message) }
        #expect(received == [ChatIn(author: "ann", text: "hi all", sent: Date(timeIntervalSince1970: 1_796_464_800)),
                             ChatIn(author: "bob", text: "yo")])
        #expect(chat.socket.closeCode == .normalClosure && chat.socket.closeReason == "bye")
        #expect(mock.transcript.messages == [.text(#"{"text":"hello"}"#)])
        let request = try await server.takeRequest()
        #expect(request.target == "/api/rooms/7/chat?since=3")
        #expect(request.headers["X-Token"] == "secret")
        #expect(request.headers["Sec-WebSocket-Protocol"] == "chat.v2, chat.v1")
    }

    @Test(.hangLimit(minutes: 1), arguments: TransportKind.webSockets)
    func aGeneratedEndpointsRefusalIsAnHTTPStatusError(over transport: TransportKind) async throws {
        server.enqueue(.json(#"{"message":"log in first"}"#, status: 401))
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport).webSocket(ChatRoomWebSocket(room: 1, token: "expired"))
        }
        guard case .httpStatus(let failure) = error else {
            Issue.record("expected httpStatus, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 401)
        if transport == .socket {  // URLSessionWebSocketTask does not keep a refusal's body
            #expect(failure.errorBody(as: ChatRoomWebSocketErrorBody.self) == ChatRoomWebSocketErrorBody(message: "log in first"))
        }
    }

    @Test(.hangLimit(minutes: 1), arguments: TransportKind.webSockets)
    func messagesBothWaysPingAndTheClientsClose(over transport: TransportKind) async throws {
        let mock = MockWebSocket([.echo, .echo, .echoUntilClose], acceptsCompression: false)
        server.enqueue(.webSocket(mock))
        let socket = try await client(transport).webSocket(Chat())
        var messages = socket.messages.makeAsyncIterator()
        try await socket.send(text: "héllo")
        #expect(try await messages.next() == .text("héllo"))
        try await socket.send(.binary(Data([0, 1, 255])))
        #expect(try await messages.next() == .binary(Data([0, 1, 255])))
        try await socket.ping()
        await #expect(throws: WebSocketError.self) { try await socket.close(code: .abnormalClosure) }
        try await socket.close(code: .goingAway, reason: "bye now")
        #expect(await server.waitUntil { _ in mock.isFinished })
        #expect(mock.transcript.pings.count == 1)
        #expect(mock.transcript.closeCode == .goingAway && mock.transcript.closeReason == "bye now")
    }

    @Test(.hangLimit(minutes: 1), arguments: TransportKind.webSockets)
    func theServersCloseEndsTheMessagesAndAnAbruptOneFails(over transport: TransportKind) async throws {
        server.enqueue(.webSocket(MockWebSocket([.send(.text("last")), .close(WebSocketCloseCode(rawValue: 4000), reason: "done")])))
        let socket = try await client(transport).webSocket(Chat())
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        #expect(received == [.text("last")])
        #expect(socket.closeCode == WebSocketCloseCode(rawValue: 4000) && socket.closeReason == "done")

        server.enqueue(.webSocket(MockWebSocket([.fault(.abruptClose)])))
        let dropped = try await client(transport).webSocket(Chat())
        let error = await #expect(throws: WebSocketError.self) { for try await _ in dropped.messages {} }
        #expect(error?.kind == .connectionLost && error?.closeCode == .abnormalClosure)
    }

    @Test(.hangLimit(minutes: 1), arguments: TransportKind.webSockets)
    func aSubprotocolThatWasNotOfferedFailsTheHandshake(over transport: TransportKind) async throws {
        server.enqueue(.webSocket(MockWebSocket([.close(.normalClosure)], subprotocol: "not.offered")))
        let error = await #expect(throws: WebSocketError.self) {
            try await client(transport).webSocket(Chat(), configuration: WebSocketConfiguration(subprotocols: ["chat.v1"]))
        }
        #expect(error?.kind == .handshakeFailed)
    }
}

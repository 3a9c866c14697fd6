import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `EventStreamDefinition` endpoints (what httpidl generates for `RESPONSE EVENTS`) over a real socket and both
/// transports: typed events, the typed error body of a failing status, and the request they send.
@Suite(.loopback) struct EventStreamDefinitionTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .seconds(0)), transport: transport.make()))
    }

    // The declarations httpidl generates for the `POST /chat` message of Tests/HTTPIDLCoreTests/Golden/event_streams.http
    // (GoldenTests pins that text, Golden/event_streams.swift), trimmed of doc comments.

    struct ChatChunk: Codable, Sendable, Equatable {
        var delta: String?
        var done: Bool?
    }

    struct PostChatRequest: EventStreamDefinition {
        typealias Event = PostChatResponse
        typealias APIErrorBody = PostChatErrorBody
        var prompt: String
        init(prompt: String) { self.prompt = prompt }
        var method: HTTPMethod { .post }
        var path: EndpointPath { "/chat" }
        var body: RequestBody? { .json(Body(prompt: self.prompt)) }
        struct Body: Encodable, Sendable, Equatable {
            var prompt: String
        }
    }

    typealias PostChatResponse = ChatChunk

    struct PostChatErrorBody: Codable, Sendable, Equatable {
        var code: String?
        var message: String?
    }

    @Test(arguments: TransportKind.available)
    func aGeneratedEndpointYieldsTypedEventsAsTheyArrive(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.eventStream([
            "id: 1\ndata: {\"delta\":\"Hel\"}\n\n", ": keep-alive\n\n", "data: {\"delta\":\"lo\"}\n\n", "data: {\"done\":true}\n\n",
        ], pause: .milliseconds(10)))
        var chunks: [ChatChunk] = []
        for try await chunk in client(transport).events(PostChatRequest(prompt: "hi")) {
            chunks.append(chunk)
            if chunk.done == true { break }
        }
        #expect(chunks == [ChatChunk(delta: "Hel"), ChatChunk(delta: "lo"), ChatChunk(done: true)])
        let request = try await server.takeRequest()
        #expect(request.method == "POST")
        #expect(request.target == "/chat")
        #expect(request.body == Data(#"{"prompt":"hi"}"#.utf8))
        #expect(request.headers["Accept"] == "text/event-stream")
    }

    @Test(arguments: TransportKind.available)
    func anEventWhoseDataDoesNotDecodeThrowsADecodingError(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.eventStream(["data: {\"delta\":\"a\"}\n\n", "data: [DONE]\n\n"]))
        var chunks: [ChatChunk] = []
        let error = await #expect(throws: NetworkError.self) {
            for try await chunk in client(transport).events(PostChatRequest(prompt: "hi")) { chunks.append(chunk) }
        }
        #expect(chunks == [ChatChunk(delta: "a")])
        guard case .decoding? = error else { Issue.record("expected a decoding error, got \(String(describing: error))"); return }
    }

    /// A failing status carries the endpoint's typed error body, for raw events, typed events and typed data alike.
    @Test(arguments: TransportKind.available)
    func aFailingStatusCarriesTheTypedErrorBody(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let problem = #"{"code":"quota","message":"slow down"}"#
        for _ in 0..<3 { server.enqueue(.json(problem, status: 429)) }
        let expected = PostChatErrorBody(code: "quota", message: "slow down")
        let client = client(transport)
        let endpoint = PostChatRequest(prompt: "hi")
        let typed = await #expect(throws: NetworkError.self) { for try await _ in client.events(endpoint) {} }
        let rawEvents: ServerSentEvents = client.events(endpoint)   // the untyped overload
        let raw = await #expect(throws: NetworkError.self) { for try await _ in rawEvents {} }
        let decoded = await #expect(throws: NetworkError.self) { for try await _ in client.events(endpoint, decoding: ChatChunk.self) {} }
        for error in [typed, raw, decoded] {
            guard case .httpStatus(let failure)? = error else { Issue.record("expected httpStatus, got \(String(describing: error))"); continue }
            #expect(failure.statusCode == 429)
            #expect(failure.errorBody(as: PostChatErrorBody.self) == expected)
        }
        #expect(server.requestCount == 3)
    }

    /// `send` on an event-stream endpoint returns the raw bytes of the whole stream.
    @Test(arguments: TransportKind.available)
    func sendReturnsTheWholeStreamAsData(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.eventStream(["data: {\"delta\":\"a\"}\n\n"]))
        let data = try await client(transport).send(PostChatRequest(prompt: "hi"))
        #expect(data == Data("data: {\"delta\":\"a\"}\n\n".utf8))
    }
}

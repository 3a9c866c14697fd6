import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `stream`, `lines(decoding:)` and `events` over a real socket and both transports: bodies read as they come,
/// validation before the first chunk, reconnection with `Last-Event-ID`, and the ways an event stream ends.
@Suite(.loopback) struct StreamingTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    /// No retry deadline by default: reconnection counts must not depend on how fast a loaded machine is.
    func client(_ transport: TransportKind, retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(0), deadline: nil)) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(timeout: loopbackHangGuard, retryPolicy: retry, transport: transport.make()))
    }

    struct Chunk: Codable, Sendable, Equatable {
        let delta: String
    }

    @Test(arguments: TransportKind.available)
    func aStreamReturnsAtTheHeadAndReadsLines(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n"
        server.enqueue(.raw([head, "one\r\ntw", "o\nthree"].map { Data($0.utf8) }, pause: .milliseconds(20)))
        let response = try await client(transport).stream(.get("/tail"))
        #expect(response.statusCode == 200)
        var lines: [String] = []
        for try await line in response.body.lines { lines.append(line) }
        #expect(lines == ["one", "two", "three"])
    }

    @Test(arguments: TransportKind.available)
    func aFailingStatusThrowsBeforeTheFirstChunk(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.json(#"{"code":"quota","message":"slow down"}"#, status: 429))
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport, retry: .never).stream(TypedCall<Data>(path: "/stream"))
        }
        guard case .httpStatus(let failure)? = error else { Issue.record("expected httpStatus, got \(String(describing: error))"); return }
        #expect(failure.statusCode == 429)
        #expect(String(decoding: failure.body, as: UTF8.self).contains("quota"))
    }

    @Test(arguments: TransportKind.available)
    func jsonLinesArriveOneTypedValuePerLine(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, headers: ["Content-Type": "application/x-ndjson"],
                                    body: "{\"delta\":\"a\"}\n\n{\"delta\":\"b\"}\r\n{\"delta\":\"c\"}").chunked())
        var values: [Chunk] = []
        for try await value in client(transport).lines(.get("/items"), decoding: Chunk.self) { values.append(value) }
        #expect(values.map(\.delta) == ["a", "b", "c"])
    }

    @Test(arguments: TransportKind.available)
    func eventsArriveAsTheyComeAndAPostIsSentOnceAndEndsWithTheServersEnd(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.eventStream(["data: {\"delta\":\"Hel\"}\n\n", "data: {\"delta\":\"lo\"}\n\n"], pause: .milliseconds(20)))
        // What a reconnect would get: a POST is not sent again, so this is never asked for.
        server.enqueue(.eventStream(["data: {\"delta\":\"again\"}\n\n"]))
        let chat = EndpointBuilder<Data>.post("/chat").body(.json(["prompt": "hi"]))
        var deltas: [String] = []
        for try await chunk in client(transport).events(chat, decoding: Chunk.self) { deltas.append(chunk.delta) }
        #expect(deltas == ["Hel", "lo"])
        let first = try await server.takeRequest()
        #expect(first.method == "POST")
        #expect(first.body == Data(#"{"prompt":"hi"}"#.utf8))
        #expect(first.headers["Accept"] == "text/event-stream")
        #expect(server.requestCount == 1)
    }

    @Test(arguments: TransportKind.available)
    func aDroppedStreamReconnectsWithLastEventIDAfterTheRetryTime(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.eventStream(["retry: 150\nid: 7\ndata: one\n\n", "data: cut"]))
        server.enqueue(.eventStream(["id: 8\ndata: two\n\n"]))
        server.enqueue(MockResponse(status: 204))
        var events: [ServerSentEvent] = []
        let start = ContinuousClock.now
        var secondArrived: ContinuousClock.Instant?
        for try await event in client(transport).events(.get("/feed")) {
            events.append(event)
            if events.count == 2 { secondArrived = .now }
        }
        #expect(events.map(\.data) == ["one", "two"])
        #expect(events.map(\.id) == ["7", "8"])
        #expect(server.requestCount == 3)
        let requests = server.recordedRequests
        #expect(requests[0].headers["Last-Event-ID"] == nil)
        #expect(requests[1].headers["Last-Event-ID"] == "7")
        #expect(requests[2].headers["Last-Event-ID"] == "8")
        // The client's own retry delay is 0: the wait before the second event is the stream's 150 ms (a lower bound).
        #expect(try #require(secondArrived) - start >= .milliseconds(150))
    }

    @Test(arguments: TransportKind.available)
    func reconnectionStopsWhenTheRetryPolicyIsSpent(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        for _ in 0..<3 { server.enqueue(.eventStream(["retry: 0\n", ": nothing\n"])) }
        var count = 0
        for try await _ in client(transport).events(.get("/quiet")) { count += 1 }
        #expect(count == 0)
        #expect(server.requestCount == 3)
    }

    @Test(arguments: TransportKind.available)
    func reconnectionsUsedUpByDroppedConnectionsThrowTheLastError(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        // Each attempt announces a body and drops the connection before its first byte: a transient failure, so
        // the GET is reopened until the policy's three attempts are spent, and then must not look like an end.
        for _ in 0..<3 {
            server.enqueue(MockResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: "data: never\n\n")
                .socketPolicy(.disconnectDuringBody(afterBytes: 0)))
        }
        var count = 0
        let error = await #expect(throws: NetworkError.self) {
            for try await _ in client(transport).events(.get("/flaky")) { count += 1 }
        }
        #expect(error.map(RetryPolicy.isTransient) == true, "got \(String(describing: error))")
        #expect(count == 0)
        #expect(server.requestCount == 3)
    }

    @Test(arguments: TransportKind.available)
    func aWrongContentTypeOrAFailingStatusEndsTheStreamWithAnError(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(.json(#"{"not":"events"}"#))
        let wrongType = await #expect(throws: NetworkError.self) { for try await _ in client(transport).events(.get("/a")) {} }
        guard case .transport(let failure)? = wrongType else { Issue.record("got \(String(describing: wrongType))"); return }
        #expect(failure.kind == .badServerResponse)
        #expect(failure.message.contains("application/json"))
        server.enqueue(MockResponse(status: 503))
        let failing = await #expect(throws: NetworkError.self) { for try await _ in client(transport).events(.get("/b")) {} }
        guard case .httpStatus(let status)? = failing else { Issue.record("got \(String(describing: failing))"); return }
        #expect(status.statusCode == 503)
        #expect(server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available)
    func breakingOutOfTheLoopClosesTheConnection(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        // 600 more events 100 ms apart: the server only stops (and closes) early if the client closed its side.
        server.enqueue(.eventStream(["data: first\n\n"] + Array(repeating: "data: unread\n\n", count: 600), pause: .milliseconds(100)))
        for try await event in client(transport).events(.get("/live")) {
            #expect(event.data == "first")
            break
        }
        #expect(await server.waitUntil(timeout: .seconds(30)) { $0.openConnectionCount == 0 })
    }

    // MARK: Through CoalescingInterceptor, which shares buffered bodies only

    /// A client with a `CoalescingInterceptor` and a 1 MiB buffer limit.
    func coalescingClient(_ transport: TransportKind, retry: RetryPolicy) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: retry, interceptors: [CoalescingInterceptor()],
            maximumResponseSize: 1 << 20, transport: transport.make()))
    }

    @Test(arguments: TransportKind.available)
    func aCoalescedEventStreamYieldsItsFirstEventBeforeTheServerEndsIt(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        // 600 more events 100 ms apart: buffered, the first event would come only after a minute.
        server.enqueue(.eventStream(["data: first\n\n"] + Array(repeating: "data: later\n\n", count: 600), pause: .milliseconds(100)))
        var first: String?
        for try await event in coalescingClient(transport, retry: .never).events(.get("/live")) {
            first = event.data
            break
        }
        #expect(first == "first")
        #expect(server.bytesSent < Int64(600 * "data: later\n\n".utf8.count))
    }

    @Test(arguments: TransportKind.available)
    func aCoalescedDownloadIsWrittenToDiskAsItArrivesAndResumesFromThere(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let bytes = MockResponse.generatedBytes(count: 600_000)
        let calls = LockedState(0)
        server.dispatcher = { request in
            let call = calls.withLock { $0 += 1; return $0 }
            let response = MockResponse.ranged(bytes, for: request, etag: "\"v1\"")
            return call == 1 ? response.socketPolicy(.disconnectDuringBody(afterBytes: 250_000)) : response
        }
        let client = coalescingClient(transport, retry: RetryPolicy(maxAttempts: 3, baseDelay: .zero))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-coalesced-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await client.download(EndpointBuilder<Data>.get("/data.bin"), to: file).value
        #expect(try Data(contentsOf: file) == bytes)
        // The cut body was continued from the bytes already on disk: it was streamed there, not read whole into
        // memory first (which would have failed the first response with nothing written).
        let range = server.recordedRequests.dropFirst().first?.headers["Range"]
        #expect(range?.hasPrefix("bytes=") == true && range != "bytes=0-")
    }
}

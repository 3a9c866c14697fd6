#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// SocketTransport against MockWebServer's scripted "changed SETTINGS" over loopback: mid-connection the server
/// lowers or raises a setting, waits for the client's acknowledgement before answering, and from it on treats any
/// frame that breaks the new value as a protocol error. Each test passes only if the client acknowledged the
/// change and kept to it.
@Suite("MockWebServer HTTP/2 changed SETTINGS against SocketTransport (Linux)", .loopback)
struct MockWebServerHTTP2SettingsTests {
    typealias Faults = MockWebServerHTTP2FaultTests

    static func upload(_ client: NetworkClient, _ body: Data) async throws -> Response<Data> {
        try await client.response(.post("/upload").body(.data(body, contentType: "application/octet-stream")))
    }

    /// Answers each path in `faults` with its fault (the path as the body), and other requests with `otherwise`.
    static func dispatcher(
        _ faults: [String: MockResponse.HTTP2Fault], otherwise: @escaping @Sendable (RecordedRequest) -> MockResponse
    ) -> MockWebServer.Dispatcher {
        { request in faults[request.path].map { MockResponse.text(request.path).http2Fault($0) } ?? otherwise(request) }
    }

    /// The requests the server recorded, and no protocol error it saw from the client.
    static func expectClean(_ server: MockWebServer, requests: Int) {
        #expect(server.malformedRequests.isEmpty)
        #expect(server.recordedRequests.count == requests)
        #expect(Set(server.recordedRequests.map(\.connectionID)).count == 1)
    }

    @Test("MAX_CONCURRENT_STREAMS lowered to 1: 10 concurrent GETs go one stream at a time on the one connection")
    func maxConcurrentStreamsLowered() async throws {
        let server = try Faults.started()
        server.enqueue(MockResponse.text("changed").http2Fault(.changeSettings(maxConcurrentStreams: 1)))
        // One connection at most: past the connection's room the pool would open another (within its limit).
        let transport = SocketTransport(configuration: .init(maximumConnectionsPerHost: 1, httpVersion: .http2PriorKnowledge))
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(retryPolicy: .never, transport: transport))
        #expect(try await client.response(.get("/change")).value == Data("changed".utf8))
        // Each answer waits a little, so a client that opened several streams at once would have them open together.
        server.dispatcher = { request in MockResponse.text(request.path).delayingHeaders(by: .milliseconds(20)) }
        let bodies = try await MockWebServerHTTP2Tests.concurrentGETs(client, count: 10)
        #expect(bodies == Set((0..<10).map { "/\($0)" }))
        Self.expectClean(server, requests: 11)
    }

    @Test("INITIAL_WINDOW_SIZE lowered to 1,000: a 200 kB upload goes out within the new stream windows")
    func initialWindowLowered() async throws {
        let server = try Faults.started()
        server.enqueue(MockResponse.text("changed").http2Fault(.changeSettings(initialWindowSize: 1000)))
        server.enqueue(.text("uploaded"))
        let client = Faults.client(server)
        _ = try await client.response(.get("/change"))
        let body = MockResponse.generatedBytes(count: 200_000)
        #expect(try await Self.upload(client, body).value == Data("uploaded".utf8))
        #expect(server.recordedRequests.last?.body == body)
        Self.expectClean(server, requests: 2)
    }

    @Test("INITIAL_WINDOW_SIZE lowered to 0 under a stalled upload: its window goes negative, and it finishes only on the credit of a raise")
    func initialWindowShrunkUnderAnUpload() async throws {
        // The server credits nothing: the upload stalls once its 20,000-octet stream window is spent; the shrink
        // to 0 takes that window to -20,000, and the raise to 40,000 leaves it exactly the 20,000 octets still to
        // send (the connection's window, 65,535, covers all 40,000).
        let server = try Faults.started {
            $0.http2.sendsWindowUpdates = false
            $0.http2.initialWindowSize = 20_000
        }
        server.dispatcher = Self.dispatcher(
            ["/shrink": .changeSettings(initialWindowSize: 0), "/grow": .changeSettings(initialWindowSize: 40_000)],
            otherwise: { .text("uploaded \($0.bodySize)") })
        let client = Faults.client(server)
        let upload = Task { try await Self.upload(client, MockResponse.generatedBytes(count: 40_000)) }
        #expect(try await client.response(.get("/shrink")).value == Data("/shrink".utf8))
        #expect(try await client.response(.get("/grow")).value == Data("/grow".utf8))
        #expect(try await upload.value.value == Data("uploaded 40000".utf8))
        #expect(server.malformedRequests.isEmpty)
    }

    @Test("MAX_FRAME_SIZE raised to 65,536, then back to 16,384: uploads after each keep to it")
    func maxFrameSizeChanged() async throws {
        let server = try Faults.started { $0.http2.initialWindowSize = 1 << 20 }
        server.enqueue(MockResponse.text("raised").http2Fault(.changeSettings(maxFrameSize: 65_536)))
        server.enqueue(.text("one"))
        server.enqueue(MockResponse.text("lowered").http2Fault(.changeSettings(maxFrameSize: 16_384)))
        server.enqueue(.text("two"))
        let client = Faults.client(server)
        let body = MockResponse.generatedBytes(count: 500_000)
        _ = try await client.response(.get("/raise"))
        #expect(try await Self.upload(client, body).value == Data("one".utf8))
        _ = try await client.response(.get("/lower"))
        #expect(try await Self.upload(client, body).value == Data("two".utf8))
        Self.expectClean(server, requests: 4)
    }

    @Test("HEADER_TABLE_SIZE lowered to 0, then raised to 1,024: the next blocks start with the size update, and repeated fields decode")
    func headerTableSizeChanged() async throws {
        let server = try Faults.started()
        server.dispatcher = Self.dispatcher(
            ["/lower": .changeSettings(headerTableSize: 0), "/raise": .changeSettings(headerTableSize: 1024)],
            otherwise: { _ in .text("ok") })
        let client = Faults.client(server)
        // The same field every time: the encoder indexes it once and refers to it after, which only a table the
        // server's decoder also holds allows.
        for path: EndpointPath in ["/warm", "/again", "/lower", "/a", "/b", "/raise", "/c", "/d"] {
            let response = try await client.response(.get(path).header("X-Token", "the-same-token-every-time"))
            #expect(response.statusCode == 200)
        }
        #expect(server.recordedRequests.allSatisfy { $0.headers["x-token"] == "the-same-token-every-time" })
        Self.expectClean(server, requests: 8)
    }
}
#endif

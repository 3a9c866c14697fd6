#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// MockWebServer speaking HTTP/2 to SocketTransport over loopback: prior knowledge over cleartext, ALPN `h2`
/// over TLS, many streams on one connection, and bodies beyond the flow-control windows both ways.
@Suite("MockWebServer over HTTP/2 (Linux)", .loopback)
struct MockWebServerHTTP2Tests {
    static func client(_ server: MockWebServer, version: SocketTransport.HTTPVersion = .http2PriorKnowledge, tls: TLSConfiguration? = nil) -> NetworkClient {
        var configuration = SocketTransport.Configuration(httpVersion: version)
        if let tls { configuration.tls = tls }
        return NetworkClient(
            baseURL: server.url("/"), configuration: .init(timeout: .seconds(30), retryPolicy: .never, transport: SocketTransport(configuration: configuration)))
    }

    /// Sends GETs of `/0`, `/1`, … at once and returns the bodies (a dispatcher answering with the path).
    static func concurrentGETs(_ client: NetworkClient, count: Int) async throws -> Set<String> {
        try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<count {
                group.addTask { try await String(decoding: client.response(.get(EndpointPath(stringLiteral: "/\(index)"))).value, as: UTF8.self) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
    }

    @Test("prior knowledge: a GET and a POST are recorded as HTTP/2 on one connection, with headers and body")
    func priorKnowledge() async throws {
        let server = MockWebServer()
        try server.start()
        server.enqueue(.text("one"))
        server.enqueue(.json(#"{"id":2}"#, status: 201).header("X-Reply", "yes"))
        let client = Self.client(server)
        let first = try await client.response(.get("/a").query(["x": "1"]).header("X-Test", "t"))
        #expect(first.value == Data("one".utf8))
        let second = try await client.response(.post("/b").body(.data(Data("payload".utf8), contentType: "text/plain")))
        #expect(second.statusCode == 201)
        #expect(second.headers["x-reply"] == "yes")
        let get = try await server.takeRequest()
        let post = try await server.takeRequest()
        #expect(get.version == "HTTP/2" && post.version == "HTTP/2")
        #expect(get.method == "GET" && get.target == "/a?x=1" && get.headers["x-test"] == "t")
        #expect(get.headers["host"] == "127.0.0.1:\(server.port)")
        #expect(post.method == "POST" && post.bodyText == "payload" && post.headers["content-type"] == "text/plain")
        #expect(get.connectionID == post.connectionID)
        #expect(post.connectionSequenceNumber == 1)
    }

    @Test("50 concurrent requests are streams of one connection, each answered from the queue")
    func concurrentStreams() async throws {
        let server = MockWebServer()
        try server.start()
        server.dispatcher = { request in .text(request.path) }
        let paths = try await Self.concurrentGETs(Self.client(server), count: 50)
        #expect(paths == Set((0..<50).map { "/\($0)" }))
        #expect(server.peakOpenConnectionCount == 1)
    }

    @Test("4 MiB down and 1 MiB up cross the 64 KiB flow-control windows intact")
    func largeBodies() async throws {
        let server = MockWebServer()
        try server.start()
        server.enqueue(.generated(byteCount: 4 << 20))
        server.enqueue(MockResponse(status: 204))
        let client = Self.client(server)
        let download = try await client.response(.get("/big"))
        #expect(download.value == MockResponse.generatedBytes(count: 4 << 20))
        let upload = MockResponse.generatedBytes(count: 1 << 20)
        _ = try await client.response(.put("/up").body(.data(upload, contentType: "application/octet-stream")))
        _ = try await server.takeRequest()
        let recorded = try await server.takeRequest()
        #expect(recorded.bodySize == 1 << 20 && recorded.body == upload)
    }

    @Test("a 48 KiB header block arrives in CONTINUATION frames; one over the client's header cap is a typed error")
    func hugeHeaderBlocks() async throws {
        let server = MockWebServer()
        try server.start()
        let big = String(repeating: "a", count: 48 * 1024)
        server.enqueue(MockResponse(status: 200).header("X-Big", big))
        server.enqueue(MockResponse(status: 200).header("X-Huge", String(repeating: "b", count: 300 * 1024)))
        let client = Self.client(server)
        #expect(try await client.response(.get("/big")).headers["x-big"] == big)
        do {
            _ = try await client.response(.get("/huge"))
            Issue.record("a 300 KiB header block was accepted")
        } catch NetworkError.transport(let failure) {
            #expect(failure.kind == .badServerResponse, "\(failure)")
        }
    }

    @Test("over TLS, ALPN selects h2 only when the server offers it", arguments: [true, false])
    func alpn(offered: Bool) async throws {
        let authority = try HeldCertificate.authority()
        var configuration = MockWebServer.Configuration(tls: try .init(serving: authority))
        configuration.http2.offeredOverTLS = offered
        let server = MockWebServer(configuration: configuration)
        try server.start()
        server.enqueue(.text("secure"))
        let client = Self.client(server, version: .automatic, tls: authority.trustingConfiguration)
        let response = try await client.response(.get("/s"))
        #expect(response.value == Data("secure".utf8))
        #expect(try await server.takeRequest().version == (offered ? "HTTP/2" : "HTTP/1.1"))
    }
}
#endif

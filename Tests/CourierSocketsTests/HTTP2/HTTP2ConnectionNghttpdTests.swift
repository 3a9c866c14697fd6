#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `HTTP2Connection` over real loopback sockets against a server none of us wrote: `nghttpd` with prior
/// knowledge over cleartext (skipped when it is not installed: Debian package `nghttp2-server`).
@Suite("HTTP2Connection against nghttpd (Linux)", .loopback, .enabled(if: NghttpdServer.executable != nil, "nghttpd is not installed"))
final class HTTP2ConnectionNghttpdTests {
    static let large = MockResponse.generatedBytes(count: 3 << 20)
    let server: NghttpdServer
    /// Every request's metrics, as the transport reports them.
    let metrics = LockedState<[TransferMetrics]>([])
    let client: NetworkClient

    init() throws {
        server = try NghttpdServer(files: ["small.txt": Data("hello over h2".utf8), "large.bin": Self.large])
        let metrics = self.metrics
        let transport = SocketTransport(configuration: .init(
            metricsHandler: { metric in metrics.withLock { $0.append(metric) } }, httpVersion: .http2PriorKnowledge))
        client = NetworkClient(
            baseURL: server.url("/"), configuration: .init(retryPolicy: .never, transport: transport))
    }

    /// Connections opened (requests not on a reused connection).
    var connectionsOpened: Int { metrics.withLock { $0.filter { !$0.reusedConnection }.count } }

    @Test func smallGet() async throws {
        let response = try await client.response(.get("/small.txt"))
        #expect(response.statusCode == 200)
        #expect(response.value == Data("hello over h2".utf8))
        #expect(response.headers["content-length"] == "13")
    }

    @Test("a 3 MiB body, past the 1 MiB stream window: WINDOW_UPDATEs keep it coming")
    func largeGet() async throws {
        let response = try await client.response(.get("/large.bin"))
        #expect(response.value == Self.large)
        let again = try await client.response(.get("/large.bin"))
        #expect(again.value == Self.large)
        #expect(connectionsOpened == 1)
    }

    @Test("100 concurrent GETs share one multiplexed connection")
    func concurrentGets() async throws {
        let client = self.client
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for index in 0..<100 {
                let path: EndpointPath = index % 10 == 0 ? "/large.bin" : "/small.txt"
                group.addTask { try await client.response(.get(path)).value }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(bodies.count == 100)
        #expect(bodies.filter { $0 == Self.large }.count == 10)
        #expect(bodies.filter { $0 == Data("hello over h2".utf8) }.count == 90)
        #expect(connectionsOpened == 1)
        #expect(metrics.withLock { $0.count } == 100)
    }

    @Test("a POST body (1 MiB, past the server's 64 KiB window) goes out within the windows; nghttpd echoes it")
    func postBody() async throws {
        let body = MockResponse.generatedBytes(offset: 7, count: 1 << 20)
        let response = try await client.response(.post("/small.txt").body(.data(body, contentType: "application/octet-stream")))
        #expect(response.statusCode == 200)
        #expect(response.value == body)
        let small = try await client.response(.post("/small.txt").body(.data(Data("tiny".utf8), contentType: "text/plain")))
        #expect(small.value == Data("tiny".utf8))
    }

    @Test("a reader that gives up mid-body resets the stream; the connection carries the next request")
    func readerCancelsMidBody() async throws {
        let response = try await client.stream(.get("/large.bin"))
        var iterator = response.body.makeAsyncIterator()
        let first = try await iterator.next()
        #expect((first?.count ?? 0) > 0)
        response.body.discard()
        let next = try await client.response(.get("/small.txt"))
        #expect(next.value == Data("hello over h2".utf8))
        #expect(connectionsOpened == 1)
    }

    @Test("a reader that stops holds back only its own stream's window: other streams go on, then it finishes")
    func stalledReaderDoesNotBlockOtherStreams() async throws {
        let stalled = try await client.stream(.get("/large.bin"))
        // Not read yet: its buffer fills and its window stays shut, while the socket keeps being read.
        for _ in 0..<5 {
            let other = try await client.response(.get("/small.txt"))
            #expect(other.value == Data("hello over h2".utf8))
        }
        let body = try await stalled.body.collect()
        #expect(body == Self.large)
        #expect(connectionsOpened == 1)
    }

    @Test("over TLS, .automatic offers h2 by ALPN and nghttpd (which speaks only HTTP/2) answers; the first burst waits for one connection")
    func automaticOverTLS() async throws {
        let authority = try HeldCertificate.authority()
        let tlsServer = try NghttpdServer(files: ["small.txt": Data("secure h2".utf8)], certificate: HeldCertificate.server(signedBy: authority))
        let metrics = self.metrics
        let transport = SocketTransport(configuration: .init(
            tls: authority.trustingConfiguration, metricsHandler: { metric in metrics.withLock { $0.append(metric) } },
            httpVersion: .automatic))
        let client = NetworkClient(baseURL: tlsServer.url("/"), configuration: .init(retryPolicy: .never, transport: transport))
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<20 { group.addTask { try await client.response(.get("/small.txt")).value } }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(bodies == Array(repeating: Data("secure h2".utf8), count: 20))
        let last = try await client.response(.get("/small.txt"))
        #expect(last.metrics?.reusedConnection == true)
        #expect(last.metrics?.networkProtocolName == "h2")
        // The 20 requests came before ALPN had answered; they waited for the one connection rather than each opening one.
        #expect(connectionsOpened == 1)
        #expect(metrics.withLock { $0.allSatisfy { $0.networkProtocolName == "h2" } })
    }

    @Test("a missing file: nghttpd's 404 arrives as a status")
    func notFound() async throws {
        let error = await #expect(throws: NetworkError.self) { try await client.response(.get("/missing")) }
        guard case .httpStatus(let status) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(status.statusCode == 404)
    }
}
#endif

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

/// Bad input never crashes or wedges the server: each case is answered (or the connection closed), recorded,
/// and a normal request afterwards still succeeds.
@Suite("MockWebServer robustness", .loopback)
struct MockWebServerRobustnessTests {
    struct Malformed: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: Data
        let status: Int
        let kind: MalformedRequest.Kind
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ status: Int, _ kind: MalformedRequest.Kind) {
            self.init(name, Data(text.utf8), status, kind)
        }

        init(_ name: String, _ bytes: Data, _ status: Int, _ kind: MalformedRequest.Kind) {
            self.name = name
            self.bytes = bytes
            self.status = status
            self.kind = kind
        }
    }

    static let bigHeader = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 70_000) + "\r\n\r\n"
    static let manyHeaders = "GET / HTTP/1.1\r\nHost: x\r\n"
        + (0..<2_000).map { "X-Header-\($0): " + String(repeating: "v", count: 40) + "\r\n" }.joined() + "\r\n"

    static let cases: [Malformed] = [
        Malformed("binary garbage", Data([0, 1, 2, 255, 254, 13, 10, 13, 10]), 400, .badRequestLine),
        Malformed("request line without version", "GET /\r\n\r\n", 400, .badRequestLine),
        Malformed("request line with extra spaces", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        Malformed("invalid method", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        Malformed("control character in target", "GET /a\u{1}b HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        Malformed("bare CR in target", "GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        Malformed("garbage version", "GET / HTTX/1.1\r\n\r\n", 400, .badRequestLine),
        Malformed("HTTP/2.0 request line", "GET / HTTP/2.0\r\n\r\n", 505, .unsupportedVersion),
        Malformed("header without colon", "GET / HTTP/1.1\r\nHost x\r\n\r\n", 400, .badHeader),
        Malformed("space before colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, .badHeader),
        Malformed("empty header name", "GET / HTTP/1.1\r\nHost: x\r\n: x\r\n\r\n", 400, .badHeader),
        Malformed("folded header line", "GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  continued\r\n\r\n", 400, .badHeader),
        Malformed("control character in header value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n", 400, .badHeader),
        Malformed("header line over 64 KiB", bigHeader, 431, .headerSectionTooLarge),
        Malformed("header section over 64 KiB", manyHeaders, 431, .headerSectionTooLarge),
        Malformed("request line over 64 KiB", "GET /" + String(repeating: "a", count: 70_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 431, .headerSectionTooLarge),
        Malformed("endless line without newline", String(repeating: "x", count: 100_000), 431, .headerSectionTooLarge),
        Malformed("non-numeric Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400, .badContentLength),
        Malformed("negative Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400, .badContentLength),
        Malformed("huge Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400, .badContentLength),
        Malformed("conflicting Content-Lengths", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400, .badContentLength),
        Malformed("Content-Length and Transfer-Encoding", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, .conflictingFraming),
        Malformed("unknown transfer coding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, .unsupportedTransferEncoding),
        Malformed("chunked not last", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 501, .unsupportedTransferEncoding),
        Malformed("non-hex chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400, .badChunk),
        Malformed("overflowing chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n", 400, .badChunk),
        Malformed("chunk longer than its size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n", 400, .badChunk),
        Malformed("bad trailer", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nnot a trailer\r\n\r\n", 400, .badHeader),
    ]

    @Test(arguments: cases)
    func malformedRequestIsRefusedAndTheServerCarriesOn(_ row: Malformed) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        let (response, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(row.bytes)
            let response = try client.readResponse()
            return (response, client.readToEnd().end)
        }
        #expect(response.status == row.status)
        #expect(response.header("Connection") == "close")
        #expect(end == .closed)
        let problems = server.malformedRequests
        #expect(problems.count == 1)
        #expect(problems.first?.kind == row.kind)
        #expect(problems.first?.respondedStatus == row.status)
        #expect(server.requestCount == 0)
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func bodyLimitIsAnswered413() async throws {
        let server = MockWebServer(configuration: .init(maxBodyBytes: 1_000))
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        let statuses = try await offPool {
            let first = try RawClient(port: server.port)
            first.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
            let second = try RawClient(port: server.port)
            second.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n" + String(repeating: "a", count: 2048) + "\r\n0\r\n\r\n")
            return [try first.readResponse().status, try second.readResponse().status]
        }
        #expect(statuses == [413, 413])
        #expect(server.malformedRequests.map(\.kind) == [.bodyTooLarge, .bodyTooLarge])
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func contentLengthLongerThanTheBodyTimesOut() async throws {
        let server = MockWebServer(configuration: .init(readTimeout: .milliseconds(300)))
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("POST /lie HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly ten b")
            return client.readToEnd()  // the client waits; the server gives up first
        }
        #expect(data.isEmpty)
        #expect(end == .closed)
        #expect(server.malformedRequests.map(\.kind) == [.timedOut])
        #expect(server.requestCount == 0)
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func headersThatStopArrivingTimeOut() async throws {
        let server = MockWebServer(configuration: .init(readTimeout: .milliseconds(300)))
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        let end = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Half")
            return client.readToEnd().end
        }
        #expect(end == .closed)
        #expect(server.malformedRequests.map(\.kind) == [.timedOut])
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func contentLengthShorterThanTheBodyMakesTheRestANewRequest() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(contentsOf: [.text("first"), .text("fine")])
        let (first, second) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("POST /short HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcdef ghi\r\n\r\n")
            return (try client.readResponse(), try client.readResponse())
        }
        #expect(first.text == "first")
        #expect(second.status == 400)
        #expect(try await server.takeRequest().bodyText == "abc")
        #expect(server.malformedRequests.map(\.kind) == [.badRequestLine])
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func clientDisconnectingMidBodyIsRecorded() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        try await offPool {
            let client = try RawClient(port: server.port)
            client.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
            client.send(MockResponse.generatedBytes(count: 10_000))
        }  // the client is released here: its socket closes mid-body
        #expect(await server.waitUntil(timeout: HangGuard.duration) { !$0.malformedRequests.isEmpty })
        let problem = try #require(server.malformedRequests.first)
        #expect(problem.kind == .incompleteRequest)
        #expect(problem.detail.contains("10000 of 1000000"))
        #expect(server.requestCount == 0)
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func clientDisconnectingMidDownloadDoesNotKillTheProcess() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.generated(byteCount: 200_000_000))
        server.enqueue(.text("fine"))
        let received = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.read(count: 100_000).data.count
        }  // closed with megabytes in flight: the server's next write fails with EPIPE/ECONNRESET, no SIGPIPE
        #expect(received == 100_000)
        #expect(await server.waitUntil(timeout: HangGuard.duration) { $0.openConnectionCount == 0 })
        try await expectServerStillServes(server, text: "fine")
    }

    @Test func idleKeepAliveConnectionsAreClosedQuietly() async throws {
        let server = MockWebServer(configuration: .init(idleTimeout: .milliseconds(300)))
        defer { server.shutdown() }
        let end = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try client.readResponse()
            return client.readToEnd().end
        }
        #expect(end == .closed)
        #expect(server.malformedRequests.isEmpty)
    }

    @Test func randomGarbageNeverStopsTheServer() async throws {
        let server = MockWebServer(configuration: .init(readTimeout: .milliseconds(500)))
        defer { server.shutdown() }
        server.dispatcher = { _ in .text("ok") }
        let port = server.port
        try await offPool {
            var generator = SplitMix64(seed: 0xC0FFEE)
            for round in 0..<40 {
                let client = try RawClient(port: port)
                var bytes = [UInt8]()
                let prefix = round % 2 == 0 ? Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n".utf8) : []
                bytes.append(contentsOf: prefix)
                for _ in 0..<(Int(generator.next() % 3_000) + 1) { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
                client.send(Data(bytes))
                _ = client.readToEnd()
            }
        }
        try await expectServerStillServes(server, text: "ok")
    }

    @Test func hundredsOfConcurrentConnectionsAreAllServed() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { request in .text("echo \(request.path)") }
        let count = Self.concurrentConnections(upTo: 200)
        let port = server.port
        let texts = try await offPool {
            // All connections open at once before any request is sent, so the server holds `count` at the
            // same time.
            let clients = try (0..<count).map { _ in try RawClient(port: port) }
            for (index, client) in clients.enumerated() {
                client.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            return try clients.map { try $0.readResponse().text }
        }
        #expect(texts == (0..<count).map { "echo /\($0)" })
        #expect(server.requestCount == count)
        #expect(server.peakOpenConnectionCount >= count)
        #expect(Set(server.recordedRequests.map(\.connectionID)).count == count)
    }

    // MARK: Helpers

    /// `wanted` connections, or fewer where the descriptor limit is low (macOS's default soft limit is 256): each
    /// connection takes two descriptors in this process (client and server ends), and the suite's other tests
    /// running at the same time keep a reserve.
    static func concurrentConnections(upTo wanted: Int) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let known = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
        let known = getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
        guard known else { return wanted }  // an unlimited soft limit clamps to Int.max below
        return max(16, min(wanted, (Int(clamping: limit.rlim_cur) - 128) / 2))
    }

    private func expectServerStillServes(_ server: MockWebServer, text: String) async throws {
        let (data, response) = try await HTTPClient.get(server.url("/after"), session: HTTPClient.session())
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == text)
    }
}

/// A small deterministic random number generator, so the garbage test is reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

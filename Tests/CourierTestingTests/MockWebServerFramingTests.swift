import Foundation
import Testing
import TestSupport
import CourierTesting

/// Hostile clients against `MockWebServer`: pipelining, framing edge cases, trickling headers. Every case
/// is answered or closed, recorded, and never wedges the server.
@Suite(.loopback) struct MockWebServerFramingTests {
    /// Framing edge cases that are valid HTTP/1.1 and must be read exactly.
    struct Valid: CustomTestStringConvertible, Sendable {
        let name: String
        let request: String
        let body: String
        let chunkSizes: [Int]?
        var testDescription: String { name }
    }

    static let valid: [Valid] = [
        Valid(name: "zero-length chunked body", request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", body: "", chunkSizes: []),
        Valid(name: "last chunk with extension", request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;a=b\r\nabc\r\n0;last\r\n\r\n", body: "abc", chunkSizes: [3]),
        Valid(name: "chunk size with leading zeros beyond 15 digits", request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0000000000000000000003\r\nabc\r\n00000000000000000\r\n\r\n", body: "abc", chunkSizes: [3]),
        Valid(name: "uppercase hex and whitespace before extension", request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nA \t;x\r\n0123456789\r\n0\r\n\r\n", body: "0123456789", chunkSizes: [10]),
        Valid(name: "trailers after the last chunk", request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\nX-Sum: 1\r\n\r\n", body: "x", chunkSizes: [1]),
        Valid(name: "Transfer-Encoding case and spacing", request: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:  Chunked \r\n\r\n1\r\ny\r\n0\r\n\r\n", body: "y", chunkSizes: [1]),
        Valid(name: "repeated equal Content-Length fields", request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", body: "abc", chunkSizes: nil),
        Valid(name: "Content-Length list of equal values", request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\nabc", body: "abc", chunkSizes: nil),
        Valid(name: "Content-Length with leading zeros", request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0003\r\n\r\nabc", body: "abc", chunkSizes: nil),
        Valid(name: "Content-Length zero", request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", body: "", chunkSizes: nil),
        Valid(name: "HTTP/1.0 without Host", request: "POST / HTTP/1.0\r\nContent-Length: 2\r\n\r\nhi", body: "hi", chunkSizes: nil),
        Valid(name: "empty Host (no authority)", request: "POST / HTTP/1.1\r\nHost:\r\nContent-Length: 2\r\n\r\nhi", body: "hi", chunkSizes: nil),
        Valid(name: "Host with an IPv6 literal and port", request: "POST / HTTP/1.1\r\nHost: [::1]:8080\r\nContent-Length: 2\r\n\r\nhi", body: "hi", chunkSizes: nil),
        Valid(name: "bare LF line endings", request: "POST / HTTP/1.1\nHost: x\nContent-Length: 2\n\nhi", body: "hi", chunkSizes: nil),
        Valid(name: "NUL and high bytes in the body", request: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n\0\u{7F}\r\n", body: "\0\u{7F}\r\n", chunkSizes: nil),
    ]

    @Test(arguments: valid)
    func validFramingIsReadExactly(_ row: Valid) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("ok"))
        let status = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(row.request)
            return try client.readResponse().status
        }
        #expect(status == 200, "\(server.malformedRequests)")
        let recorded = try await server.takeRequest(timeout: .seconds(5))
        #expect(recorded.body == Data(row.body.utf8))
        #expect(recorded.chunkSizes == row.chunkSizes)
    }

    static let refused: [(String, String, Int, MalformedRequest.Kind)] = [
        ("chunk size overflow, 18 digits", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n", 400, .badChunk),
        ("chunk size 2^63", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n8000000000000000\r\n", 400, .badChunk),
        ("negative chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", 400, .badChunk),
        ("empty chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", 400, .badChunk),
        ("hex prefix in chunk size", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nabcde\r\n0\r\n\r\n", 400, .badChunk),
        ("chunk data without CRLF", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY0\r\n\r\n", 400, .badChunk),
        ("Content-Length with plus", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc", 400, .badContentLength),
        ("Content-Length hex", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x3\r\n\r\nabc", 400, .badContentLength),
        ("Content-Length empty", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n", 400, .badContentLength),
        ("Content-Length list with empty member", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3,\r\n\r\nabc", 400, .badContentLength),
        ("Content-Length list of different values", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\nabcd", 400, .badContentLength),
        ("Content-Length Int64.max + 1", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 9223372036854775808\r\n\r\n", 400, .badContentLength),
        ("Content-Length with space inside", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1 2\r\n\r\n", 400, .badContentLength),
        ("chunked then Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n", 400, .conflictingFraming),
        ("Transfer-Encoding in HTTP/1.0 (RFC 9112 §6.1: faulty framing)", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, .conflictingFraming),
        ("chunked twice", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501, .unsupportedTransferEncoding),
        ("non-ASCII header name", "GET / HTTP/1.1\r\nHost: x\r\nX-Ü: 1\r\n\r\n", 400, .badHeader),
        ("NUL in header value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n", 400, .badHeader),
        ("DEL in header value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{7F}b\r\n\r\n", 400, .badHeader),
        ("bare CR inside header value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", 400, .badHeader),
        ("tab-folded header", "GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n\tmore\r\n\r\n", 400, .badHeader),
        ("header before request line", "Host: x\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        ("lowercase version", "GET / http/1.1\r\n\r\n", 400, .badRequestLine),
        ("HTTP/1.10", "GET / HTTP/1.10\r\n\r\n", 400, .badRequestLine),
        ("HTTP/0.9-style request", "GET /\r\n\r\n", 400, .badRequestLine),
        ("tab as separator", "GET\t/\tHTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        ("DEL in target", "GET /a\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        ("non-ASCII target", "GET /é HTTP/1.1\r\nHost: x\r\n\r\n", 400, .badRequestLine),
        ("many empty lines only", String(repeating: "\r\n", count: 20), 400, .badRequestLine),
        // RFC 9112 §3.2: Host is required in HTTP/1.1, never repeated, and only host[:port].
        ("HTTP/1.1 without Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", 400, .badHost),
        ("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, .badHost),
        ("two Host fields in HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", 400, .badHost),
        ("Host with a path", "GET / HTTP/1.1\r\nHost: example.com/evil\r\n\r\n", 400, .badHost),
        ("Host with userinfo", "GET / HTTP/1.1\r\nHost: user@example.com\r\n\r\n", 400, .badHost),
        ("Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400, .badHost),
    ]

    @Test(arguments: refused)
    func hostileFramingIsRefusedWithATypedRecord(_ name: String, _ request: String, _ status: Int, _ kind: MalformedRequest.Kind) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        let response = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(request)
            return try client.readResponse()
        }
        #expect(response.status == status, "\(name)")
        #expect(server.malformedRequests.map(\.kind) == [kind], "\(name)")
        #expect(server.requestCount == 0)
        let text = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().text
        }
        #expect(text == "fine")
    }

    @Test func nonASCIITargetIsNotAnAcceptedRequest() async throws {
        // RFC 9112 targets are ASCII; a raw UTF-8 byte is refused rather than recorded under a lossy path.
        let server = MockWebServer()
        defer { server.shutdown() }
        let status = try await offPool {
            let client = try RawClient(port: server.port)
            client.send(Data("GET /".utf8) + Data([0xFF]) + Data(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            return try client.readResponse().status
        }
        #expect(status == 400)
    }

    @Test func hundredsOfPipelinedRequestsInOneWriteAreAnsweredInOrder() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { request in .text(request.path) }
        let count = 300
        let texts = try await offPool {
            let client = try RawClient(port: server.port)
            var batch = ""
            for index in 0..<count {
                batch += index.isMultiple(of: 3)
                    ? "POST /\(index) HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n"
                    : "GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n"
            }
            client.send(batch)
            return try (0..<count).map { _ in try client.readResponse().text }
        }
        #expect(texts == (0..<count).map { "/\($0)" })
        #expect(server.connectionCount == 1)
    }

    @Test func pipelinedGarbageAfterAGoodRequestIsAnsweredAfterIt() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("first"))
        let (first, second, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n\u{1}\u{2}garbage\r\n\r\nGET /never HTTP/1.1\r\nHost: x\r\n\r\n")
            return (try client.readResponse(), try client.readResponse(), client.readToEnd().end)
        }
        #expect(first.text == "first")
        #expect(second.status == 400)
        #expect(end == .closed)
        #expect(server.recordedRequests.map(\.path) == ["/ok"])
    }

    /// A client that trickles its header section one byte at a time, each byte well inside `readTimeout`,
    /// still has to finish the request line and headers within `readTimeout` overall. The trickle takes at
    /// least 4.7 s (47 bytes, 0.1 s apart) and the deadline is 0.5 s, so the server must cut it off before the
    /// last byte — on a loaded machine too, where every step only gets slower.
    @Test func slowlorisHeaderTrickleIsCutOff() async throws {
        let server = MockWebServer(configuration: .init(readTimeout: .milliseconds(500)))
        defer { server.shutdown() }
        server.enqueue(.text("fine"))
        let (sentAll, end) = try await offPool { () -> (Bool, RawClient.ReadEnd) in
            let client = try RawClient(port: server.port)
            let trickle = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 40) + "\r\n\r\n")
            for character in trickle {
                guard client.send(String(character)) else { return (false, client.readToEnd().end) }
                switch client.readSome(timeout: 0.1) {
                case .end(.timedOut): continue  // nothing yet: keep trickling
                case .end(let end): return (false, end)
                case .bytes: return (false, client.readToEnd().end)
                }
            }
            return (true, client.readToEnd().end)
        }
        #expect(!sentAll, "the whole trickled request was accepted")
        // Cut off either way: a byte the client sends after the server closed makes the server's kernel answer
        // with a reset, which a slow (sanitized, loaded) client then reads instead of the end of stream.
        #expect(end == .closed || end == .reset)
        #expect(server.malformedRequests.map(\.kind) == [.timedOut])
        #expect(server.requestCount == 0)
    }

    /// Random byte soup interleaved with valid requests on many connections: the server answers every valid
    /// request that precedes the first bad byte on its connection and keeps serving new ones.
    @Test func seededByteSoupNeverWedgesTheServer() async throws {
        let server = MockWebServer(configuration: .init(readTimeout: .milliseconds(300)))
        defer { server.shutdown() }
        server.dispatcher = { _ in .text("ok") }
        let pieces = ["GET / HTTP/1.1\r\n", "Host: x\r\n", "\r\n", "Content-Length: 3\r\n", "Transfer-Encoding: chunked\r\n",
                      "3\r\nabc\r\n", "0\r\n", "FFFFFFFFFFFFFFFFFF\r\n", "\u{0}", "\r", "\n", " ", ":", "X-A: \u{7F}\r\n", "POST /p HTTP/1.1\r\n"]
        try await offPool {
            var random = SplitMix64(seed: 0xDEC0DE)
            for _ in 0..<25 {
                let client = try RawClient(port: server.port)
                var soup = ""
                for _ in 0..<Int(random.next() % 12) { soup += pieces[Int(random.next() % UInt64(pieces.count))] }
                client.send(soup)
                _ = client.readToEnd(timeout: 0.05)
            }
        }
        let text = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().text
        }
        #expect(text == "ok")
    }

    /// `Throttle.bytes` is a public `var`: set to 0 (or less) after `init`, it must still send the body, not
    /// cut it off silently.
    @Test(arguments: [0, -5])
    func throttleOfZeroBytesStillSendsTheBody(_ bytes: Int) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        var response = MockResponse.text("hello").throttled(bytes: 1, every: .zero)
        response.throttle?.bytes = bytes
        server.enqueue(response)
        let text = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().text
        }
        #expect(text == "hello")
    }

    /// "No timeout" spelled as the largest `Duration` must not overflow the millisecond conversion.
    @Test func hugeTimeoutsAreAcceptedAsForever() async throws {
        let server = MockWebServer(configuration: .init(readTimeout: .seconds(Int64.max), idleTimeout: .seconds(Int64.max)))
        defer { server.shutdown() }
        server.enqueue(.text("ok"))
        let text = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().text
        }
        #expect(text == "ok")
    }
}

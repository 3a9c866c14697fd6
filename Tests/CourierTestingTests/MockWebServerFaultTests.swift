import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

/// Each scripted fault, seen from a real client: URLSession (libcurl on Linux) and a raw socket.
@Suite("MockWebServer faults", .loopback)
struct MockWebServerFaultTests {
    static let payload = MockResponse.generatedBytes(count: 100_000)

    /// A fault and the URLSession errors that mean "the client saw this fault". Codes differ by platform:
    /// libcurl reports a truncated body as `.unknown` ("transfer closed with N bytes remaining to read"),
    /// Apple's stack as `.networkConnectionLost`.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let response: MockResponse
        let clientTimeout: Double
        let expected: Set<URLError.Code>
        /// A phrase libcurl puts in the error description (checked where the platform provides it).
        let curlPhrase: String?
        var testDescription: String { name }
    }

    static let truncated: Set<URLError.Code> = [.networkConnectionLost, .unknown, .cannotParseResponse]
    static let rows: [Row] = [
        Row(name: "delay before headers → timeout",
            response: MockResponse.data(payload).delayingHeaders(by: .seconds(30)),
            clientTimeout: 1, expected: [.timedOut], curlPhrase: nil),
        Row(name: "no response → timeout",
            response: .noResponse, clientTimeout: 1, expected: [.timedOut], curlPhrase: nil),
        Row(name: "close after request → empty reply",
            response: MockResponse.data(payload).socketPolicy(.disconnectAfterRequest),
            clientTimeout: 30, expected: [.badServerResponse, .networkConnectionLost, .cannotParseResponse], curlPhrase: "Empty reply"),
        Row(name: "close after headers → truncated body",
            response: MockResponse.data(payload).socketPolicy(.disconnectAfterHeaders),
            clientTimeout: 30, expected: truncated, curlPhrase: "transfer closed with 100000 bytes remaining"),
        Row(name: "close mid-body → truncated body",
            response: MockResponse.data(payload).socketPolicy(.disconnectDuringBody(afterBytes: 5_000)),
            clientTimeout: 30, expected: truncated, curlPhrase: "transfer closed with 95000 bytes remaining"),
        Row(name: "close mid-chunked-body → truncated body",
            response: MockResponse.data(payload).chunked().socketPolicy(.disconnectDuringBody(afterBytes: 5_000)),
            clientTimeout: 30, expected: truncated, curlPhrase: "transfer closed"),
        Row(name: "reset → connection lost",
            response: MockResponse.data(payload).socketPolicy(.reset),
            clientTimeout: 30, expected: [.networkConnectionLost], curlPhrase: "reset by peer"),
        Row(name: "reset mid-body → connection lost",
            response: MockResponse.data(payload).socketPolicy(.resetDuringBody(afterBytes: 5_000)),
            clientTimeout: 30, expected: [.networkConnectionLost], curlPhrase: "reset by peer"),
        Row(name: "malformed status line → bad server response",
            response: .malformedStatusLine("HTTP/1.1 two hundred OK"),
            clientTimeout: 30, expected: [.badServerResponse, .cannotParseResponse, .unsupportedURL], curlPhrase: nil),
        Row(name: "status line of another protocol → bad server response",
            response: .malformedStatusLine("SMTP 220 ready"),
            clientTimeout: 30, expected: [.badServerResponse, .cannotParseResponse, .unsupportedURL], curlPhrase: nil),
    ]

    @Test(arguments: rows)
    func urlSessionSeesTheFault(_ row: Row) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(row.response)
        server.enqueue(.text("recovered"))
        let session = HTTPClient.session(timeout: row.clientTimeout)
        do {
            let (data, response) = try await session.data(from: server.url("/fault"))
            Issue.record("expected a failure, got \((response as? HTTPURLResponse)?.statusCode ?? 0) with \(data.count) bytes")
        } catch let error as URLError {
            #expect(row.expected.contains(error.code), "\(row.name): got \(error.code.rawValue) \(error.localizedDescription)")
            #if os(Linux)
            if let phrase = row.curlPhrase {
                #expect(error.localizedDescription.contains(phrase), "\(error.localizedDescription)")
            }
            #endif
        }
        // The server itself is unharmed: the next request on a fresh session is served.
        let (data, _) = try await HTTPClient.get(server.url("/after"), session: HTTPClient.session())
        #expect(String(decoding: data, as: UTF8.self) == "recovered")
        #expect(try await server.takeRequest().path == "/fault")
    }

    // MARK: Byte-exact observations over a raw socket

    @Test func closeMidBodySendsFewerBytesThanContentLength() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse.data(Self.payload).socketPolicy(.disconnectDuringBody(afterBytes: 5_000)))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.readToEnd()
        }
        let headEnd = try #require(data.range(of: Data("\r\n\r\n".utf8)))
        let head = String(decoding: data[..<headEnd.lowerBound], as: UTF8.self)
        #expect(head.contains("Content-Length: 100000"))
        #expect(data[headEnd.upperBound...] == Self.payload.prefix(5_000))
        #expect(end == .closed)
    }

    @Test func closeAfterHeadersSendsOnlyTheHead() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse.data(Self.payload).socketPolicy(.disconnectAfterHeaders))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.readToEnd()
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
        #expect(end == .closed)
    }

    @Test func closeAfterRequestAnswersNothing() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse().socketPolicy(.disconnectAfterRequest))
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.readToEnd()
        }
        #expect(data.isEmpty)
        #expect(end == .closed)
        #expect(server.requestCount == 1)
    }

    @Test(arguments: [MockResponse.SocketPolicy.reset, .resetDuringBody(afterBytes: 1_000)])
    func resetIsATCPReset(_ policy: MockResponse.SocketPolicy) async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse.data(Self.payload).socketPolicy(policy))
        let end = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.readToEnd().end
        }
        #expect(end == .reset)
    }

    @Test func malformedStatusLineIsSentVerbatim() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.malformedStatusLine("HTTP/1.1 abc"))
        let data = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.read(count: 14).data
        }
        #expect(String(decoding: data, as: UTF8.self) == "HTTP/1.1 abc\r\n")
    }

    @Test func noResponseKeepsTheConnectionSilentUntilShutdown() async throws {
        let server = MockWebServer()
        server.enqueue(.noResponse)
        let (silent, afterShutdown) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let silent = client.readToEnd(timeout: 0.5)
            server.shutdown()
            return (silent, client.readToEnd())
        }
        #expect(silent.data.isEmpty)
        #expect(silent.end == .timedOut)
        #expect(afterShutdown.data.isEmpty)
        #expect(afterShutdown.end == .closed)
    }

    @Test func noResponseEndsWhenTheClientGivesUp() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.noResponse)
        try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = client.readToEnd(timeout: 0.2)
        }
        // The client is gone; the server notices and releases the connection.
        #expect(await server.waitUntil(timeout: HangGuard.duration) { $0.openConnectionCount == 0 })
    }

    @Test func delayBeforeHeadersHoldsTheResponse() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse.text("late").delayingHeaders(by: .milliseconds(1_500)))
        let (early, response) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let early = client.readSome(timeout: 0.2)
            return (early, try client.readResponse())
        }
        guard case .end(.timedOut) = early else {
            Issue.record("bytes arrived before the delay: \(early)")
            return
        }
        #expect(response.text == "late")
    }

    @Test func throttleSpreadsTheBodyOverTime() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let body = MockResponse.generatedBytes(count: 8_000)
        server.enqueue(MockResponse.data(body).throttled(bytes: 1_000, every: .milliseconds(50)))
        let start = ContinuousClock.now
        let (data, _) = try await HTTPClient.get(server.url("/slow"), session: HTTPClient.session())
        let elapsed = ContinuousClock.now - start
        #expect(data == body)
        #expect(elapsed >= .milliseconds(350))  // 8 slices, 7+ pauses of 50 ms
    }

    @Test func bodyDelaySeparatesHeadersFromBody() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse.text("body").delayingBody(by: .milliseconds(1_500)))
        let (head, early, rest) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            var head = Data()
            while head.range(of: Data("\r\n\r\n".utf8)) == nil {
                guard case .bytes(let chunk) = client.readSome(timeout: HangGuard.seconds) else { break }
                head.append(chunk)
            }
            let early = client.readSome(timeout: 0.2)
            return (head, early, client.read(count: 4).data)
        }
        #expect(String(decoding: head, as: UTF8.self).hasSuffix("Content-Length: 4\r\n\r\n"))
        guard case .end(.timedOut) = early else {
            Issue.record("body arrived before the delay")
            return
        }
        #expect(String(decoding: rest, as: UTF8.self) == "body")
    }

    @Test func closeAfterResponseSaysSoAndCloses() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse.text("bye").socketPolicy(.closeAfterResponse))
        let (response, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return (try client.readResponse(), client.readToEnd().end)
        }
        #expect(response.header("Connection") == "close")
        #expect(response.text == "bye")
        #expect(end == .closed)
    }
}

extension MockResponse.SocketPolicy: CustomTestStringConvertible {
    public var testDescription: String { "\(self)" }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

@Suite("MockWebServer basics", .loopback)
struct MockWebServerBasicsTests {
    @Test func servesEnqueuedResponsesInOrderAndRecordsRequests() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("first"))
        server.enqueue(MockResponse(status: 201, headers: ["X-Trace": "abc"], body: "second"))
        let session = HTTPClient.session()

        let (first, firstResponse) = try await HTTPClient.get(server.url("/users/a%20b?name=kim&tag=x%26y&flag"), session: session)
        #expect(String(decoding: first, as: UTF8.self) == "first")
        #expect(firstResponse.statusCode == 200)

        var post = URLRequest(url: server.url("/items"))
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(#"{"a":1}"#.utf8)
        let (second, secondResponse) = try await HTTPClient.send(post, session: session)
        #expect(String(decoding: second, as: UTF8.self) == "second")
        #expect(secondResponse.statusCode == 201)
        #expect(secondResponse.value(forHTTPHeaderField: "X-Trace") == "abc")

        let get = try await server.takeRequest()
        #expect(get.method == "GET")
        #expect(get.target == "/users/a%20b?name=kim&tag=x%26y&flag")
        #expect(get.path == "/users/a b")
        #expect(get.rawPath == "/users/a%20b")
        #expect(get.queryItems == [URLQueryItem(name: "name", value: "kim"), URLQueryItem(name: "tag", value: "x&y"), URLQueryItem(name: "flag", value: nil)])
        #expect(get.headers["host"] == "127.0.0.1:\(server.port)")
        #expect(get.sequenceNumber == 0)

        let postRecord = try await server.takeRequest()
        #expect(postRecord.method == "POST")
        #expect(postRecord.bodyText == #"{"a":1}"#)
        #expect(postRecord.headers["CONTENT-TYPE"] == "application/json")
        #expect(postRecord.sequenceNumber == 1)
        #expect(server.requestCount == 2)
    }

    @Test func keepAliveReusesTheConnection() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let session = HTTPClient.session(maxConnections: 1)
        for _ in 0..<3 {
            _ = try await HTTPClient.get(server.url("/ping"), session: session)
        }
        let requests = [try await server.takeRequest(), try await server.takeRequest(), try await server.takeRequest()]
        #expect(Set(requests.map(\.connectionID)).count == 1)
        #expect(requests.map(\.connectionSequenceNumber) == [0, 1, 2])
        #expect(server.connectionCount == 1)
    }

    @Test func defaultResponseIs404AndConfigurable() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let session = HTTPClient.session()
        let (_, missing) = try await HTTPClient.get(server.url("/nothing"), session: session)
        #expect(missing.statusCode == 404)
        server.defaultResponse = .text("fallback", status: 503)
        let (body, unavailable) = try await HTTPClient.get(server.url("/nothing"), session: session)
        #expect(unavailable.statusCode == 503)
        #expect(String(decoding: body, as: UTF8.self) == "fallback")
    }

    @Test func queueComesBeforeTheDispatcher() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { request in
            await Task.yield()  // a dispatcher that suspends
            return .text("dispatched \(request.path)")
        }
        server.enqueue(.text("queued"))
        let session = HTTPClient.session(maxConnections: 1)
        let (first, _) = try await HTTPClient.get(server.url("/a"), session: session)
        let (second, _) = try await HTTPClient.get(server.url("/b"), session: session)
        #expect(String(decoding: first, as: UTF8.self) == "queued")
        #expect(String(decoding: second, as: UTF8.self) == "dispatched /b")
        #expect(server.queuedResponseCount == 0)
    }

    @Test func dispatcherErrorsBecome500() async throws {
        struct Boom: Error {}
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in throw Boom() }
        let (body, response) = try await HTTPClient.get(server.url("/x"), session: HTTPClient.session())
        #expect(response.statusCode == 500)
        #expect(String(decoding: body, as: UTF8.self).contains("Boom"))
    }

    @Test func takeRequestTimesOutWhenNothingArrives() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        await #expect(throws: MockWebServerError.noRequestWithin(.milliseconds(100))) {
            try await server.takeRequest(timeout: .milliseconds(100))
        }
    }

    @Test func takeRequestWaitsForALaterRequest() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        async let taken = server.takeRequest(timeout: HangGuard.duration)
        #expect(await server.waitUntil { $0.waitingTakeRequestCount == 1 })
        _ = try await HTTPClient.get(server.url("/late"), session: HTTPClient.session())
        #expect(try await taken.path == "/late")
    }

    @Test func shutdownWakesWaitersAndRefusesConnections() async throws {
        let server = MockWebServer()
        try server.start()
        let port = server.port
        let taken = Task { try await server.takeRequest(timeout: HangGuard.duration) }
        #expect(await server.waitUntil { $0.waitingTakeRequestCount == 1 })
        server.shutdown()
        await #expect(throws: MockWebServerError.shutDown) { try await taken.value }
        #expect(throws: (any Error).self) { try RawClient(port: port) }
        #expect(throws: MockWebServerError.alreadyStarted) { try server.start() }
    }

    @Test func jsonResponsesAndBodies() async throws {
        struct User: Codable, Equatable { var id: Int; var name: String }
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(try .json(User(id: 7, name: "kim")))
        var request = URLRequest(url: server.url("/users"))
        request.httpMethod = "PUT"
        request.httpBody = try JSONEncoder().encode(User(id: 8, name: "lee"))
        let (data, response) = try await HTTPClient.send(request, session: HTTPClient.session())
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(User.self, from: data) == User(id: 7, name: "kim"))
        #expect(try await server.takeRequest().decodeBody(User.self) == User(id: 8, name: "lee"))
    }

    @Test func headResponsesCarryHeadersButNoBody() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("twelve bytes"))
        server.enqueue(.text("after"))
        let (head, get) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("HEAD /h HTTP/1.1\r\nHost: x\r\n\r\nGET /g HTTP/1.1\r\nHost: x\r\n\r\n")
            return (try client.readResponse(isHead: true), try client.readResponse())
        }
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "12")
        #expect(get.text == "after")
    }

    @Test func chunkedResponses() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let payload = MockResponse.generatedBytes(count: 10_000)
        server.enqueue(MockResponse.data(payload).chunked(maxChunkSize: 4096))
        server.enqueue(MockResponse.data(payload).chunked(maxChunkSize: 3000))
        let raw = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse()
        }
        #expect(raw.header("Transfer-Encoding") == "chunked")
        #expect(raw.header("Content-Length") == nil)
        #expect(raw.chunkSizes == [4096, 4096, 1808, 0])
        #expect(raw.body == payload)
        let (data, _) = try await HTTPClient.get(server.url("/"), session: HTTPClient.session())
        #expect(data == payload)
    }

    @Test func bodyUntilCloseEndsWithTheConnection() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        var response = MockResponse.text("no length")
        response.transfer = .untilClose
        server.enqueue(response)
        let (data, end) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return client.readToEnd()
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(end == .closed)
        #expect(!text.contains("Content-Length"))
        #expect(text.contains("Connection: close"))
        #expect(text.hasSuffix("\r\n\r\nno length"))
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let (data, end) = try await offPool {
            let plain = try RawClient(port: server.port)
            plain.send("GET / HTTP/1.0\r\n\r\n")
            return plain.readToEnd()
        }
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("HTTP/1.1 404"))
        #expect(end == .closed)

        let (first, second) = try await offPool {
            let keepAlive = try RawClient(port: server.port)
            keepAlive.send("GET /1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let first = try keepAlive.readResponse()
            keepAlive.send("GET /2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            return (first, try keepAlive.readResponse())
        }
        #expect(first.header("Connection") == "keep-alive")
        #expect(second.status == 404)
        #expect(server.connectionCount == 2)
    }

    @Test func chunkedUploadsAreDecodedAndRecorded() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let status = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Checksum: 42\r\n\r\n")
            return try client.readResponse().status
        }
        #expect(status == 404)
        let request = try await server.takeRequest()
        #expect(request.bodyText == "hello world")
        #expect(request.chunkSizes == [5, 6])
        #expect(request.trailers["x-checksum"] == "42")
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(contentsOf: [.text("one"), .text("two"), .text("three")])
        let texts = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /3 HTTP/1.1\r\nHost: x\r\n\r\n")
            return try (0..<3).map { _ in try client.readResponse().text }
        }
        #expect(texts == ["one", "two", "three"])
        let bodies = [try await server.takeRequest(), try await server.takeRequest(), try await server.takeRequest()].map(\.bodyText)
        #expect(bodies == ["", "abc", ""])
    }

    @Test func fileBodiesStreamFromDisk() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mockwebserver-\(UUID().uuidString).bin")
        let payload = MockResponse.generatedBytes(offset: 7, count: 300_000)
        try payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        server.enqueue(.file(file))
        server.enqueue(.file(file.appendingPathExtension("missing")))
        let session = HTTPClient.session()
        let (data, response) = try await HTTPClient.get(server.url("/file"), session: session)
        #expect(response.statusCode == 200)
        #expect(data == payload)
        let (_, missing) = try await HTTPClient.get(server.url("/missing"), session: session)
        #expect(missing.statusCode == 500)
    }

    @Test func generatedDownloadsArriveIntact() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let size = 5_000_003
        server.enqueue(.generated(byteCount: Int64(size)))
        let (data, response) = try await HTTPClient.get(server.url("/big"), session: HTTPClient.session())
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(size))
        #expect(data.count == size)
        #expect(data == MockResponse.generatedBytes(count: size))
    }

    @Test func largeUploadsUseExpectContinueAndRecordingIsCapped() async throws {
        let server = MockWebServer(configuration: .init(maxRecordedBodyBytes: 1_000_000))
        defer { server.shutdown() }
        server.enqueue(.text("stored", status: 201))
        let payload = MockResponse.generatedBytes(count: 3_000_000)
        var request = URLRequest(url: server.url("/upload"))
        request.httpMethod = "POST"
        let (data, response) = try await HTTPClient.session().upload(for: request, from: payload)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(String(decoding: data, as: UTF8.self) == "stored")
        let recorded = try await server.takeRequest()
        #expect(recorded.bodySize == 3_000_000)
        #expect(recorded.body.count == 1_000_000)
        #expect(recorded.isBodyTruncated)
        #expect(recorded.body == payload.prefix(1_000_000))
    }

    @Test func expectContinueGetsAnInterimResponse() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("done"))
        let (interim, final) = try await offPool {
            let client = try RawClient(port: server.port)
            client.send("PUT /x HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = client.read(count: 25).data
            client.send("body")
            return (interim, try client.readResponse().text)
        }
        #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(final == "done")
        #expect(try await server.takeRequest().bodyText == "body")
    }

    @Test func streamedUploadsArriveChunked() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let payload = MockResponse.generatedBytes(count: 200_000)
        var request = URLRequest(url: server.url("/stream"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: payload)
        let (_, response) = try await HTTPClient.send(request, session: HTTPClient.session())
        #expect(response.statusCode == 404)
        let recorded = try await server.takeRequest()
        #expect(recorded.headers["Transfer-Encoding"] == "chunked")
        #expect(recorded.body == payload)
        #expect((recorded.chunkSizes ?? []).reduce(0, +) == payload.count)
    }

    #if os(Linux) || os(macOS)  // curl runs as a child process
    /// The curl command line sends `Expect: 100-continue` before large uploads (URLSession on Linux turns it
    /// off); the server must answer `100 Continue` or curl stalls for a second per request.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")))
    func curlUploadWithExpectContinue() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("stored", status: 201))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mockwebserver-\(UUID().uuidString).bin")
        let payload = MockResponse.generatedBytes(count: 2_000_000)
        try payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let url = server.url("/upload")
        let result = try await ChildProcess.runOffPool(
            URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--max-time", "60", "-T", file.path, url.absoluteString])
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(output == "stored")
        let recorded = try await server.takeRequest()
        #expect(recorded.method == "PUT")
        #expect(recorded.headers["Expect"] == "100-continue")
        #expect(recorded.body == payload)
    }
    #endif

    @Test func urlSessionDownloadTasksReceiveTheFile() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let size = 20_000_000
        server.enqueue(.generated(byteCount: Int64(size)).chunked(maxChunkSize: 60_000))
        let (location, response) = try await HTTPClient.session().download(from: server.url("/file.bin"))
        defer { try? FileManager.default.removeItem(at: location) }
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let data = try Data(contentsOf: location)
        #expect(data.count == size)
        #expect(data.suffix(1_000) == MockResponse.generatedBytes(offset: Int64(size - 1_000), count: 1_000))
    }

    @Test func releasingTheServerShutsItDown() async throws {
        var server: MockWebServer? = MockWebServer()
        let port = try #require(server?.port)
        _ = try await HTTPClient.get(try #require(server?.url("/")), session: HTTPClient.session())
        #expect(server?.connectionCount == 1)
        server = nil  // deinit closes the listener and every connection
        #expect(throws: (any Error).self) { try RawClient(port: port) }
    }
}

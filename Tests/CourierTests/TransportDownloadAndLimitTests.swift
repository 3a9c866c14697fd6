import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The transports against MockWebServer at the edges: download destinations, spooled-body cleanup on
/// cancellation, failing body sources, oversized headers.
@Suite(.loopback) struct TransportDownloadAndLimitTests {
    let server: MockWebServer
    let directory: URL

    init() throws {
        server = MockWebServer()
        try server.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-adv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func client(spoolingInto spool: URL? = nil, timeout: Duration = .seconds(120)) -> NetworkClient {
        let transport = URLSessionTransport(configuration: .init(
            temporaryDirectory: spool ?? FileManager.default.temporaryDirectory))
        return NetworkClient(baseURL: server.url("/api"), configuration: .init(timeout: timeout, retryPolicy: .never, transport: transport))
    }

    func client(_ transport: TransportKind, timeout: Duration = .seconds(120)) -> NetworkClient {
        NetworkClient(baseURL: server.url("/api"), configuration: .init(timeout: timeout, retryPolicy: .never, transport: transport.make()))
    }

    func contents(of url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    // MARK: Download destinations

    @Test(arguments: TransportKind.available) func downloadIntoAMissingDirectoryCreatesIt(over transport: TransportKind) async throws {
        server.enqueue(.text("hello"))
        let destination = directory.appendingPathComponent("a/b/c/file.txt")
        let response = try await client(transport).download(Call(path: "/f"), to: destination).value
        #expect(response.value == destination)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "hello")
    }

    @Test(arguments: TransportKind.available) func downloadReplacesAnExistingFile(over transport: TransportKind) async throws {
        server.enqueue(.text("new"))
        let destination = directory.appendingPathComponent("file.txt")
        try Data("old old old".utf8).write(to: destination)
        _ = try await client(transport).download(Call(path: "/f"), to: destination).value
        #expect(try String(contentsOf: destination, encoding: .utf8) == "new")
    }

    @Test(arguments: [false, true])
    func downloadOntoAnExistingDirectoryFailsAndKeepsIt(defaultTransport: Bool) async throws {
        server.enqueue(.text("payload"))
        let precious = directory.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: precious.appendingPathComponent("notes.txt"))
        let client: NetworkClient
        if defaultTransport {
            let stub = StubTransport([HTTPResponse(statusCode: 200, body: Data("payload".utf8))])
            client = NetworkClient(baseURL: stubBaseURL, configuration: .init(transport: stub))
        } else {
            client = self.client()
        }
        let error = await #expect(throws: NetworkError.self) {
            try await client.download(Call(path: "/f"), to: precious).value
        }
        guard case .transport(let failure) = error else {
            Issue.record("expected a transport failure, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .fileSystem)
        #expect(contents(of: precious) == ["notes.txt"])
    }

    // MARK: Spooled stream bodies

    @Test func cancelledStreamUploadLeavesNoSpoolFile() async throws {
        let spool = directory.appendingPathComponent("spool")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        server.enqueue(.noResponse)
        let body = RequestBody(RawBody(contentType: "application/octet-stream", body: .stream(GeneratedSource(count: 300_000))))
        let client = client(spoolingInto: spool)
        let task = Task { try await client.response(Call(method: .post, body: body).decoding(Data.self)) }
        _ = try await server.takeRequest()
        #expect(contents(of: spool).count == 1)     // the spooled copy exists while the upload runs
        task.cancel()
        let result = await task.result
        #expect(throws: NetworkError.cancelled) { try result.get() }
        #expect(contents(of: spool).isEmpty)
    }

    @Test func streamUploadInAnAlreadyCancelledTaskSpoolsNothing() async throws {
        let spool = directory.appendingPathComponent("spool")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let body = RequestBody(RawBody(contentType: nil, body: .stream(GeneratedSource(count: 10))))
        let client = client(spoolingInto: spool)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.response(Call(method: .post, body: body).decoding(Data.self))
        }
        await #expect(throws: NetworkError.cancelled) { try await task.value }
        #expect(contents(of: spool).isEmpty)
        #expect(server.requestCount == 0)
    }

    @Test func unwritableSpoolDirectoryIsAFileSystemError() async throws {
        let body = RequestBody(RawBody(contentType: nil, body: .stream(GeneratedSource(count: 10))))
        let client = client(spoolingInto: directory.appendingPathComponent("missing/dir"))
        let error = await #expect(throws: NetworkError.self) { try await client.response(Call(method: .post, body: body).decoding(Data.self)) }
        guard case .transport(let failure) = error else {
            Issue.record("expected a transport failure, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .fileSystem)
    }

    /// A custom body source that fails opening or reading, or throws a `NetworkError` of its own.
    struct FailingSource: BodySource {
        enum Stage: String, Sendable, CaseIterable { case opening, reading, networkError }
        struct Broken: Error, CustomStringConvertible { var description: String { "the producer broke" } }
        var stage: Stage
        var contentLength: Int64? { nil }
        func makeReader() throws -> any BodyReader {
            if stage == .opening { throw Broken() }
            return Reader(stage: stage)
        }

        final class Reader: BodyReader {
            let stage: Stage
            var started = false
            init(stage: Stage) { self.stage = stage }
            func read(maxLength: Int) throws -> Data? {
                if !started {
                    started = true
                    return Data("first".utf8)
                }
                if stage == .networkError { throw NetworkError.transport(TransportFailure(kind: .fileSystem, message: "disk gone")) }
                throw Broken()
            }
            func close() {}
        }
    }

    @Test(arguments: TransportKind.available, FailingSource.Stage.allCases)
    func aFailingBodySourceIsTheSameErrorOverEitherTransport(over transport: TransportKind, _ stage: FailingSource.Stage) async throws {
        let body = RequestBody(RawBody(contentType: nil, body: .stream(FailingSource(stage: stage))))
        let error = await #expect(throws: NetworkError.self) { try await client(transport).response(Call(method: .post, body: body).decoding(Data.self)) }
        switch (stage, error) {
        case (.networkError, .transport(let failure)?):
            #expect(failure.kind == .fileSystem && failure.message == "disk gone")
        case (.opening, .encoding(let failure)?), (.reading, .encoding(let failure)?):
            #expect(failure.part == .body)
            #expect(failure.message == "cannot \(stage == .opening ? "open" : "read") the body: the producer broke")
        default:
            Issue.record("\(stage): \(String(describing: error))")
        }
    }

    // MARK: Oversized replies

    @Test(arguments: TransportKind.available) func hugeResponseHeaderIsATypedErrorOrAResponse(over transport: TransportKind) async throws {
        server.enqueue(MockResponse.text("ok").header("X-Huge", String(repeating: "a", count: 300_000)))
        let result = await Result { try await client(transport).response(Call(path: "/h").decoding(Data.self)) }
        switch result {
        case .success(let response):
            #expect(response.headers["X-Huge"]?.count == 300_000)
        case .failure(let error):
            #expect(error is NetworkError)
        }
    }

    @Test(arguments: TransportKind.available) func hugeRequestHeaderIsATypedErrorOrAResponse(over transport: TransportKind) async throws {
        server.dispatcher = { _ in .text("ok") }
        let call = Call(path: "/h", headers: ["X-Huge": String(repeating: "b", count: 300_000)])
        let result = await Result { try await client(transport).response(call.decoding(Data.self)) }
        if case .failure(let error) = result { #expect(error is NetworkError) }
    }

    @Test(arguments: TransportKind.available) func downloadCutMidBodyFailsAndLeavesNoFile(over transport: TransportKind) async throws {
        server.enqueue(MockResponse.generated(byteCount: 200_000).socketPolicy(.disconnectDuringBody(afterBytes: 50_000)))
        let destination = directory.appendingPathComponent("partial.bin")
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport).download(Call(path: "/cut"), to: destination).value
        }
        guard case .transport(let failure) = error else {
            Issue.record("expected a transport failure, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .connectionLost)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test(arguments: TransportKind.available) func downloadWithAnErrorStatusKeepsTheFileAlreadyThere(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(status: 404, body: "missing"))
        let destination = directory.appendingPathComponent("kept.txt")
        try Data("previous download".utf8).write(to: destination)
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport).download(Call(path: "/gone"), to: destination).value
        }
        guard case .httpStatus(let failure) = error else {
            Issue.record("expected an HTTP status failure, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 404)
        #expect(failure.body == Data("missing".utf8))
        #expect(try String(contentsOf: destination, encoding: .utf8) == "previous download")
        #expect(contents(of: directory) == ["kept.txt"])
    }

    @Test(arguments: TransportKind.available) func downloadCutMidBodyKeepsTheFileAlreadyThere(over transport: TransportKind) async throws {
        server.enqueue(MockResponse.generated(byteCount: 200_000).socketPolicy(.disconnectDuringBody(afterBytes: 50_000)))
        let destination = directory.appendingPathComponent("existing.bin")
        try Data("previous download".utf8).write(to: destination)
        await #expect(throws: NetworkError.self) {
            try await client(transport).download(Call(path: "/cut"), to: destination).value
        }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "previous download")
    }

    @Test(arguments: TransportKind.available) func downloadWithARequestBodyReportsTheResponseBytes(over transport: TransportKind) async throws {
        server.enqueue(.generated(byteCount: 400_000))
        let upload = Data(repeating: 7, count: 1_000_000)
        let destination = directory.appendingPathComponent("posted.bin")
        let task = client(transport).download(Call(method: .post, path: "/export", body: .data(upload, contentType: "application/octet-stream")), to: destination)
        var events: [TransferProgress] = []
        for await progress in task.progress { events.append(progress) }
        _ = try await task.value
        #expect(try await server.takeRequest().bodySize == 1_000_000)
        #expect(try Data(contentsOf: destination).count == 400_000)
        // Progress counts the 400 KB received, never the 1 MB request body sent.
        #expect(events.last?.completedBytes == 400_000)
        #expect(events.allSatisfy { $0.completedBytes <= 400_000 && $0.totalBytes == 400_000 })
    }

    @Test(arguments: TransportKind.available) func downloadAnsweredWithABasicChallengeEndsWithThe401Body(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"r\""], body: "log in first"))
        let destination = directory.appendingPathComponent("secret.bin")
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport).download(Call(path: "/secret"), to: destination).value
        }
        guard case .httpStatus(let failure) = error else {
            Issue.record("expected an HTTP status failure, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 401)
        #expect(failure.body == Data("log in first".utf8))
        #expect(contents(of: directory).isEmpty)
    }

    @Test(arguments: TransportKind.available) func downloadBeneathAFileIsAFileSystemError(over transport: TransportKind) async throws {
        server.enqueue(.text("payload"))
        let blocker = directory.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: blocker)
        let error = await #expect(throws: NetworkError.self) {
            try await client(transport).download(Call(path: "/f"), to: blocker.appendingPathComponent("inside/out.bin")).value
        }
        guard case .transport(let failure) = error else {
            Issue.record("expected a transport failure, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .fileSystem)
        #expect(contents(of: directory) == ["plain-file"])
    }

    /// swift-corelibs-foundation parses `WWW-Authenticate` itself and has hung or trapped on some shapes: every
    /// one here must come back as the 401 with its body, at once.
    @Test(arguments: TransportKind.available, [
        "Basic realm=\"r\"", "Basic", "Basic realm=", "Basic realm=x", "Bearer", "Bearer error=\"invalid_token\"",
        "Bearer realm=\"api\", error=\"invalid_token\"", "Digest realm=\"x\", nonce=\"abc\"", "Negotiate", "", "realm=\"no scheme\"",
    ])
    func everyChallengeShapeEndsWithThe401(over transport: TransportKind, _ challenge: String) async throws {
        server.enqueue(MockResponse(status: 401, headers: ["WWW-Authenticate": challenge], body: "nope"))
        // A hang would end in the client's 120 s timeout, a `.timedOut` error, not this 401. (No clock bound: on a
        // loaded machine the parallel suite can keep this test waiting for a thread for over a minute.)
        let error = await #expect(throws: NetworkError.self) { try await client(transport).response(Call(path: "/secret").decoding(Data.self)) }
        guard case .httpStatus(let failure) = error else {
            Issue.record("expected an HTTP status failure, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 401)
        #expect(failure.body == Data("nope".utf8))
    }

    @Test(arguments: TransportKind.available)
    func wrongBasicCredentialsInTheURLEndWithThe401(over transport: TransportKind) async throws {
        server.dispatcher = { _ in MockResponse(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"r\""], body: "no") }
        let base = try #require(URL(string: "http://user:wrong@127.0.0.1:\(server.port)/api"))
        let client = NetworkClient(baseURL: base, configuration: .init(timeout: .seconds(120), retryPolicy: .never, transport: transport.make()))
        // Not the 120 s timeout (that would be `.timedOut`), and not a loop of retried credentials.
        let error = await #expect(throws: NetworkError.self) { try await client.response(Call(path: "/secret").decoding(Data.self)) }
        guard case .httpStatus(let failure) = error else {
            Issue.record("expected the 401, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 401)
        #expect(server.requestCount <= 3)
        #expect(server.recordedRequests.last?.headers["Authorization"] == "Basic " + Data("user:wrong".utf8).base64EncodedString())
    }
}

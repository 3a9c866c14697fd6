import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// A download whose body breaks off continues with `Range` + `If-Range` from the bytes on disk, over both
/// transports, and starts over when the representation changed.
@Suite(.loopback) struct ResumableDownloadTests {
    let server: MockWebServer
    let directory: URL

    init() throws {
        server = MockWebServer()
        try server.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-resume-\(UUID().uuidString)")
    }

    func client(_ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(
            retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(0)), transport: transport.make()))
    }

    static let bytes = MockResponse.generatedBytes(count: 600_000)

    func cleanUp() {
        server.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }

    @Test(arguments: TransportKind.available)
    func aCutBodyIsContinuedFromTheBytesOnDisk(over transport: TransportKind) async throws {
        defer { cleanUp() }
        let calls = LockedState(0)
        server.dispatcher = { request in
            let call = calls.withLock { $0 += 1; return $0 }
            let response = MockResponse.ranged(Self.bytes, for: request, etag: "\"v1\"")
            return call == 1 ? response.socketPolicy(.disconnectDuringBody(afterBytes: 250_000)) : response
        }
        let file = directory.appendingPathComponent("data.bin")
        let task = client(transport).download(Call(path: "/data.bin"), to: file)
        var progress: [TransferProgress] = []
        for await event in task.progress { progress.append(event) }
        let response = try await task.value
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: file) == Self.bytes)
        let requests = server.recordedRequests
        #expect(requests.count == 2)
        #expect(requests[0].headers["Range"] == nil)
        let range = try #require(requests[1].headers["Range"])
        #expect(range.hasPrefix("bytes=") && range.hasSuffix("-") && range != "bytes=0-")
        #expect(requests[1].headers["If-Range"] == "\"v1\"")
        // Progress went on from where the first response stopped: it never went back, and ended at the whole size.
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
        #expect(progress.last == TransferProgress(completedBytes: 600_000, totalBytes: 600_000))
    }

    enum Validator: String, CaseIterable, Sendable { case etag, lastModified }

    @Test(arguments: Validator.allCases, TransportKind.available)
    func aChangedRepresentationStartsTheFileOver(validator: Validator, over transport: TransportKind) async throws {
        defer { cleanUp() }
        let replacement = Data(Self.bytes.reversed())
        let calls = LockedState(0)
        let (old, new) = validator == .etag
            ? ("\"v1\"", "\"v2\"") : ("Tue, 01 Dec 2026 10:00:00 GMT", "Tue, 01 Dec 2026 11:00:00 GMT")
        @Sendable func serve(_ data: Data, _ tag: String, _ request: RecordedRequest) -> MockResponse {
            validator == .etag ? .ranged(data, for: request, etag: tag) : .ranged(data, for: request, lastModified: tag)
        }
        server.dispatcher = { request in
            let call = calls.withLock { $0 += 1; return $0 }
            return call == 1
                ? serve(Self.bytes, old, request).socketPolicy(.disconnectDuringBody(afterBytes: 250_000))
                : serve(replacement, new, request)
        }
        let file = directory.appendingPathComponent("data.bin")
        _ = try await client(transport).download(Call(path: "/data.bin"), to: file).value
        #expect(try Data(contentsOf: file) == replacement)
        let requests = server.recordedRequests
        #expect(requests.count == 2)
        #expect(requests[1].headers["If-Range"] == old)
    }

    @Test(arguments: TransportKind.available)
    func withoutAValidatorACutBodyFailsAndLeavesNoFile(over transport: TransportKind) async throws {
        defer { cleanUp() }
        server.enqueue(.data(Self.bytes).socketPolicy(.disconnectDuringBody(afterBytes: 250_000)))
        let file = directory.appendingPathComponent("data.bin")
        await #expect(throws: NetworkError.self) { try await client(transport).download(Call(path: "/data.bin"), to: file).value }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(server.requestCount == 1)
    }

    @Test(arguments: [
        ("bytes=0-", 206, "bytes 0-9/10", 10), ("bytes=4-", 206, "bytes 4-9/10", 6), ("bytes=4-5", 206, "bytes 4-5/10", 2),
        ("bytes=-3", 206, "bytes 7-9/10", 3), ("bytes=8-99", 206, "bytes 8-9/10", 2), ("bytes=10-", 416, "bytes */10", 0),
        ("bytes=1-2,4-5", 200, "", 10), ("items=1-2", 200, "", 10),
    ])
    func mockWebServerServesByteRanges(range: String, status: Int, contentRange: String, length: Int) {
        let request = RecordedRequest(method: "GET", target: "/r", version: "HTTP/1.1", headers: ["Range": range])
        let response = MockResponse.ranged(Data("0123456789".utf8), for: request, etag: "\"e\"")
        #expect(response.status == status)
        if status != 200 { #expect(response.headers["Content-Range"] == contentRange) }
        if case .data(let data) = response.body { #expect(data.count == length) }
    }

    @Test func anIfRangeThatDoesNotMatchServesTheWholeBody() {
        let request = RecordedRequest(method: "GET", target: "/r", version: "HTTP/1.1", headers: ["Range": "bytes=4-", "If-Range": "\"old\""])
        let response = MockResponse.ranged(Data("0123456789".utf8), for: request, etag: "\"new\"")
        #expect(response.status == 200)
        #expect(response.headers["ETag"] == "\"new\"")
    }
}

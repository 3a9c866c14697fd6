import Courier
import CourierTesting
import Foundation
import Testing

/// `CoalescingInterceptor` shares buffered bodies only: an event stream and a download pass through it still
/// streaming (before, it read both whole into memory first).
@Suite struct CoalescedStreamsTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, interceptors: [CoalescingInterceptor()],
            maximumResponseSize: 1 << 20, transport: transport.make()))
    }

    @Test(arguments: TransportKind.available)
    func aCoalescedEventStreamYieldsItsFirstEventBeforeTheServerEndsIt(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        // 600 more events 100 ms apart: buffered, the first event would come only after a minute.
        server.enqueue(.eventStream(["data: first\n\n"] + Array(repeating: "data: later\n\n", count: 600), pause: .milliseconds(100)))
        var first: String?
        for try await event in client(transport).events(.get("/live")) {
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
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .zero),
            interceptors: [CoalescingInterceptor()], maximumResponseSize: 1 << 20, transport: transport.make()))
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

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
    func aCoalescedDownloadIsWrittenAsItArrivesAndIsNotLimitedByTheBufferSize(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let piece = 64 << 10
        let pieces = 40   // 2.5 MiB, over the client's 1 MiB buffer limit
        let head = "HTTP/1.1 200 OK\r\nContent-Length: \(piece * pieces)\r\nContent-Type: application/octet-stream\r\n\r\n"
        server.enqueue(.raw([Data(head.utf8)] + Array(repeating: Data(repeating: 7, count: piece), count: pieces), pause: .milliseconds(50)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-coalesced-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let task = client(transport).download(EndpointBuilder<Data>.get("/big"), to: file)
        var sentAtFirstReport: Int64?
        for await _ in task.progress where sentAtFirstReport == nil {
            sentAtFirstReport = server.bytesSent
        }
        _ = try await task.value
        #expect(try Data(contentsOf: file).count == piece * pieces)
        // Progress came while the server was still sending: the body was not read whole first.
        #expect((sentAtFirstReport ?? .max) < Int64(piece * pieces))
    }
}

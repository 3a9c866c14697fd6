#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing

/// Backpressure through `client.events`: a consumer slower than loopback keeps the process's memory bounded while
/// the server sends a large event stream (`SocketTransport` stops reading the socket when the reader stops).
@Suite struct EventStreamMemoryTests {
    @Test func aSlowReaderOfALargeEventStreamKeepsMemoryBounded() async throws {
        try await ResidentMemoryGate.shared.run {
            let event = "data: {\"delta\":\"" + String(repeating: "x", count: 1000) + "\"}\n\n"
            let count = (256 << 20) / event.utf8.count
            let file = try Self.eventFile(event, count: count)
            defer { try? FileManager.default.removeItem(at: file) }
            let server = MockWebServer()
            try server.start()
            defer { server.shutdown() }
            server.enqueue(.file(file, contentType: "text/event-stream"))
            let client = NetworkClient(baseURL: server.baseURL,
                                       configuration: .init(timeout: .seconds(120), retryPolicy: .never, transport: SocketTransport()))
            let before = ClientIntegrationTests.residentBytes()
            var peak = before
            var events = 0
            var bytes = 0
            for try await received in client.events(.get("/events")) {
                events += 1
                bytes += received.data.utf8.count
                // The reader is slower than loopback: it yields to the scheduler after each event.
                await Task.yield()
                await Task.yield()
                if events % 256 == 0 { peak = max(peak, ClientIntegrationTests.residentBytes()) }
                if events == count { break }
            }
            peak = max(peak, ClientIntegrationTests.residentBytes())
            #expect(events == count)
            #expect(bytes == count * (event.utf8.count - "data: \n\n".utf8.count))
            let growth = peak - before
            // Alone, this read grows the process by 9–17 MiB (four CPU hogs running); the suites running beside it in
            // the same process (HTTPIDLCore's fuzz and pathological inputs) have added up to 60 MiB more. A reader
            // without backpressure holds most of the 256 MiB.
            #expect(growth < 96 << 20, "resident memory grew by \(growth >> 20) MiB while a \(count * event.utf8.count >> 20) MiB event stream was read slowly")
        }
    }

    /// A file of `count` copies of `event`, written in 1 MiB blocks.
    static func eventFile(_ event: String, count: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-events-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let perBlock = max(1, (1 << 20) / event.utf8.count)
        let block = Data(String(repeating: event, count: perBlock).utf8)
        var written = 0
        while written + perBlock <= count {
            try handle.write(contentsOf: block)
            written += perBlock
        }
        if written < count { try handle.write(contentsOf: Data(String(repeating: event, count: count - written).utf8)) }
        return url
    }
}
#endif

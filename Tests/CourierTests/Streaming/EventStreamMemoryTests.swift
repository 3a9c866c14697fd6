#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// Backpressure through `client.events`: a consumer slower than loopback holds the server back while it sends a
/// large event stream (`SocketTransport` stops reading the socket when the reader stops), so memory stays bounded.
@Suite(.loopback) struct EventStreamMemoryTests {
    @Test func aSlowReaderOfALargeEventStreamHoldsTheServerBack() async throws {
        let event = "data: {\"delta\":\"" + String(repeating: "x", count: 1000) + "\"}\n\n"
        let count = (256 << 20) / event.utf8.count
        let file = try Self.eventFile(event, count: count)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.file(file, contentType: "text/event-stream"))
        let client = NetworkClient(baseURL: server.baseURL,
                                   configuration: .init(timeout: .seconds(120), retryPolicy: .never, transport: SocketTransport.testing()))
        var events = 0
        var bytes = 0
        var farthestAhead: Int64 = 0
        for try await received in client.events(.get("/events")) {
            events += 1
            bytes += received.data.utf8.count
            // The reader is slower than loopback: it yields to the scheduler after each event.
            await Task.yield()
            await Task.yield()
            if events % 256 == 0 {
                farthestAhead = max(farthestAhead, server.bytesSent - Int64(events * event.utf8.count))
            }
            if events == count { break }
        }
        #expect(events == count)
        #expect(bytes == count * (event.utf8.count - "data: \n\n".utf8.count))
        // How far the server got ahead of the reader: with backpressure, what the kernel's socket buffers (up to
        // 32 MiB received and 4 MiB sent here), the transport's 1 MiB stream buffer and its read buffer hold; a
        // client reading without backpressure lets it run up to the whole 256 MiB. Counted in bytes rather than
        // resident memory, which the suites running beside this one in the same process move by tens of MiB.
        #expect(farthestAhead < 64 << 20,
                "the server got \(farthestAhead >> 20) MiB ahead of a slow reader of a \(count * event.utf8.count >> 20) MiB event stream")
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

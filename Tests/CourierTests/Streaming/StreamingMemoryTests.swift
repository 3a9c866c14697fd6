import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// Bodies read as they arrive keep the process's resident memory far below their size: a download or an event
/// stream through `CoalescingInterceptor` (which shares buffered bodies only), and the lines of a body or a JSON
/// Lines stream read by a loop slower than loopback. (Buffering any of them would add the whole body: 512 MiB.) The bound is loose, 200 MiB, because the gate serialises only the memory tests: the
/// rest of the suite runs beside them in the same process and counts in its resident set (a 256 MiB stream once
/// measured 319 MiB of growth that way in the full suite, and under 64 MiB alone).
@Suite(.loopback) struct StreamingMemoryTests {
    static let bodySize = 512 << 20
    static let bound: Int64 = 200 << 20

    func coalescingClient(_ server: MockWebServer, _ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, interceptors: [CoalescingInterceptor()],
            transport: transport.make()))
    }

    @Test(.enabled(if: ClientIntegrationTests.canMeasureResidentMemory, "reads the resident set from /proc"),
          arguments: TransportKind.available)
    func aCoalescedDownloadKeepsMemoryBounded(over transport: TransportKind) async throws {
        try await ResidentMemoryGate.shared.run {
            let server = MockWebServer()
            try server.start()
            defer { server.shutdown() }
            server.enqueue(.generated(byteCount: Int64(Self.bodySize)))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-coalesced-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            let before = ClientIntegrationTests.residentBytes()
            var peak = before
            let task = coalescingClient(server, transport).download(EndpointBuilder<Data>.get("/big.bin"), to: file)
            for await _ in task.progress { peak = max(peak, ClientIntegrationTests.residentBytes()) }
            _ = try await task.value
            peak = max(peak, ClientIntegrationTests.residentBytes())
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.size] as? NSNumber)?.intValue == Self.bodySize)
            expectBounded(peak - before, transport, "a coalesced 512 MiB download")
        }
    }

    @Test(.enabled(if: ClientIntegrationTests.canMeasureResidentMemory, "reads the resident set from /proc"),
          arguments: TransportKind.available)
    func aCoalescedEventStreamKeepsMemoryBounded(over transport: TransportKind) async throws {
        let payload = String(repeating: "x", count: 4090)
        try await expectBoundedRead(of: "data: \(payload)\n\n", contentType: "text/event-stream", coalescing: true,
                                    over: transport, "a coalesced 512 MiB event stream") { client, count, sample in
            var received = 0
            for try await next in client.events(.get("/events")) {
                #expect(next.data == payload)
                received += 1
                if received % 1024 == 0 { sample() }
                if received == count { break }
            }
            return received
        }
    }

    @Test(.enabled(if: ClientIntegrationTests.canMeasureResidentMemory, "reads the resident set from /proc"),
          arguments: TransportKind.available)
    func aSlowReaderOfLinesKeepsMemoryBounded(over transport: TransportKind) async throws {
        try await expectBoundedRead(of: String(repeating: "y", count: 4095) + "\n", contentType: "text/plain", coalescing: false,
                                    over: transport, "a slow read of 512 MiB of lines") { client, _, sample in
            var received = 0
            for try await text in try await client.stream(.get("/lines")).body.lines {
                #expect(text.utf8.count == 4095)
                received += 1
                // The reader is slower than loopback: it yields to the scheduler after each line.
                await Task.yield()
                await Task.yield()
                if received % 1024 == 0 { sample() }
            }
            return received
        }
    }

    struct Item: Decodable, Sendable { let text: String }

    @Test(.enabled(if: ClientIntegrationTests.canMeasureResidentMemory, "reads the resident set from /proc"),
          arguments: TransportKind.available)
    func aSlowReaderOfJSONLinesKeepsMemoryBounded(over transport: TransportKind) async throws {
        let line = #"{"text":""# + String(repeating: "z", count: 4086) + "\"}\n"
        try await expectBoundedRead(of: line, contentType: "application/x-ndjson", coalescing: false,
                                    over: transport, "a slow read of 512 MiB of JSON Lines") { client, _, sample in
            var received = 0
            for try await item in client.lines(.get("/items"), decoding: Item.self) {
                #expect(item.text.utf8.count == 4086)
                received += 1
                await Task.yield()
                await Task.yield()
                if received % 1024 == 0 { sample() }
            }
            return received
        }
    }

    /// Serves `piece` repeated to 512 MiB from a file (so the server holds none of it in memory) to a client over
    /// `transport`, with a `CoalescingInterceptor` or none; `read` reads it, calling `sample` now and then, and
    /// returns how many pieces it saw. Checks the count and the growth of the resident set.
    func expectBoundedRead(
        of piece: String, contentType: String, coalescing: Bool, over transport: TransportKind, _ what: String,
        read: @escaping @Sendable (NetworkClient, _ count: Int, _ sample: @escaping @Sendable () -> Void) async throws -> Int
    ) async throws {
        try await ResidentMemoryGate.shared.run {
            let server = MockWebServer()
            try server.start()
            defer { server.shutdown() }
            let bytes = Data(piece.utf8)
            let count = Self.bodySize / bytes.count
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-memory-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            try Self.write(bytes, times: count, to: file)
            server.enqueue(.file(file, contentType: contentType))
            let client = NetworkClient(baseURL: server.baseURL, configuration: .init(
                timeout: loopbackHangGuard, retryPolicy: .never, interceptors: coalescing ? [CoalescingInterceptor()] : [],
                transport: transport.make()))
            let before = ClientIntegrationTests.residentBytes()
            let peak = LockedState(before)
            let sample: @Sendable () -> Void = {
                let now = ClientIntegrationTests.residentBytes()
                peak.withLock { $0 = max($0, now) }
            }
            let received = try await read(client, count, sample)
            sample()
            #expect(received == count)
            expectBounded(peak.withLock { $0 } - before, transport, what)
        }
    }

    /// Writes `piece` `times` times to `file`, 4 MiB at a time.
    static func write(_ piece: Data, times: Int, to file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let perBlock = max(1, (4 << 20) / piece.count)
        var block = Data()
        for _ in 0..<perBlock { block.append(piece) }
        var left = times
        while left > 0 {
            let now = min(left, perBlock)
            try handle.write(contentsOf: now == perBlock ? block : block.prefix(now * piece.count))
            left -= now
        }
    }

    /// Growth under `bound`; URLSession on Linux cannot pause a transfer (see SessionDelegate), so there a reader
    /// that falls behind loopback costs memory and the bound is a known issue.
    func expectBounded(_ growth: Int64, _ transport: TransportKind, _ what: String) {
        #if canImport(FoundationNetworking)
        if transport == .urlSession {
            withKnownIssue("URLSession on Linux reads ahead of a slow reader", isIntermittent: true) {
                #expect(growth < Self.bound, "resident memory grew by \(growth >> 20) MiB during \(what)")
            }
            return
        }
        #endif
        #expect(growth < Self.bound, "resident memory grew by \(growth >> 20) MiB during \(what)")
    }
}

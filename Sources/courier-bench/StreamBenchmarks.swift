import Courier
import CourierTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `stream`: Server-Sent Events read through `NetworkClient.events` against a raw socket reader of the same bytes
/// from the same server (blocking reads into a preallocated buffer, counting event ends, no HTTP machinery):
/// 1 GiB of 1 KiB events (throughput, goal ratio ≥ 0.8) and one million 9-byte events (events per second).
/// `COURIER_STREAM_BYTES` shrinks the first case.
enum StreamBenchmarks {
    static let suite = BenchmarkSuite(
        name: "stream",
        summary: "SSE through client.events vs a raw socket reader: 1 GiB of 1 KiB events, 1M tiny events (Linux)"
    ) {
        #if os(Linux)
        let bytes = ProcessInfo.processInfo.environment["COURIER_STREAM_BYTES"].flatMap(Int.init) ?? (1 << 30)
        let large = "data: {\"delta\":\"" + String(repeating: "x", count: 1000) + "\"}\n\n"
        await run("1 KiB events, \(bytes >> 20) MiB", event: large, count: max(1, bytes / large.utf8.count))
        await run("9-byte events, 1,000,000", event: "data: x\n\n", count: 1_000_000)
        #else
        print("  Linux only (the raw reader uses Glibc sockets)")
        #endif
    }

    #if os(Linux)
    static func run(_ name: String, event: String, count: Int) async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stream-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("events.txt")
        guard writeEvents(event, count: count, to: file) else { print("  cannot write \(file.path)"); return }
        let server = MockWebServer()
        do { try server.start() } catch { print("  cannot start MockWebServer: \(error)"); return }
        defer { server.shutdown() }
        server.dispatcher = { _ in .file(file, contentType: "text/event-stream") }
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(timeout: .seconds(60), retryPolicy: .never))

        var courierTimes: [Double] = [], rawTimes: [Double] = []
        for _ in 0..<3 {   // interleaved passes
            let raw = await rawRead(port: server.port)
            let courier = await courierRead(client, expected: count)
            guard raw.events == count, courier >= 0 else { print("  a reader lost events (raw \(raw.events), expected \(count))"); return }
            rawTimes.append(raw.seconds)
            courierTimes.append(courier)
        }
        let megabytes = Double(event.utf8.count * count) / 1_000_000
        let courierRate = megabytes / median(courierTimes), rawRate = megabytes / median(rawTimes)
        print("  \(name): client.events \(format(courierRate)) MB/s, \(format(Double(count) / median(courierTimes))) events/s"
              + " (passes \(courierTimes.map { format(megabytes / $0) }.joined(separator: ", ")) MB/s)")
        print("  \(name): raw reader    \(format(rawRate)) MB/s, \(format(Double(count) / median(rawTimes))) events/s"
              + " (passes \(rawTimes.map { format(megabytes / $0) }.joined(separator: ", ")) MB/s)")
        print("  \(name): ratio \(String(format: "%.2f", courierRate / rawRate))× the raw reader's throughput")
    }

    static func courierRead(_ client: NetworkClient, expected: Int) async -> Double {
        let start = ContinuousClock.now
        var events = 0
        var bytes = 0
        do {
            for try await event in client.events(EndpointBuilder<Data>.get("/events").retryPolicy(.never)) {
                events += 1
                bytes &+= event.data.utf8.count
                if events == expected { break }
            }
        } catch {
            print("  client.events failed: \(error)")
            return -1
        }
        Measure.blackHole(bytes)
        return seconds(since: start)
    }

    /// A blocking HTTP/1.1 GET on a thread of its own: the head skipped, then every byte read into one 256 KiB
    /// buffer and each `\n\n` counted, until `Content-Length` bytes have arrived.
    static func rawRead(port: UInt16) async -> (events: Int, seconds: Double) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let start = ContinuousClock.now
                let events = rawEvents(port: port)
                continuation.resume(returning: (events, seconds(since: start)))
            }
        }
    }

    private static func rawEvents(port: UInt16) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        // Safe: `address` is a sockaddr_in on the stack, passed with its own size.
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return -1 }
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = send(fd, request, request.utf8.count, Int32(MSG_NOSIGNAL))
        let capacity = 256 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var inBody = false
        var remaining = -1
        var previous: UInt8 = 0
        var events = 0
        var head: [UInt8] = []
        while true {
            let count = recv(fd, buffer, capacity, 0)
            guard count > 0 else { break }
            var index = 0
            if !inBody {
                while index < count, !inBody {
                    head.append(buffer[index])
                    index += 1
                    if head.count >= 4, head[(head.count - 4)...] == [13, 10, 13, 10] {
                        inBody = true
                        let text = String(decoding: head, as: UTF8.self).lowercased()
                        if let line = text.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
                            remaining = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? -1
                        }
                    }
                }
            }
            let body = count - index
            while index < count {
                let byte = buffer[index]
                if byte == 10, previous == 10 { events += 1 }
                previous = byte
                index += 1
            }
            if remaining >= 0 {
                remaining -= body
                if remaining <= 0 { break }
            }
        }
        return events
    }

    private static func writeEvents(_ event: String, count: Int, to url: URL) -> Bool {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        let perWrite = max(1, (1 << 20) / event.utf8.count)
        let block = Data(String(repeating: event, count: perWrite).utf8)
        var written = 0
        while written + perWrite <= count {
            handle.write(block)
            written += perWrite
        }
        if written < count { handle.write(Data(String(repeating: event, count: count - written).utf8)) }
        return true
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private static func format(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return formatter.string(from: NSNumber(value: value)) ?? "\(Int(value))"
    }
    #endif
}

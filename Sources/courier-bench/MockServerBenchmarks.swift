import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `courier-bench mockserver`: MockWebServer under load — 10,000 URLSession requests at concurrency 64
/// (none may be lost), then a 2 GiB download and a 1 GiB upload streamed through one connection, with the
/// process's peak resident memory after each phase (the server runs in this process).
enum MockServerBenchmarks {
    static let suite = BenchmarkSuite(
        name: "mockserver",
        summary: "MockWebServer: 10k URLSession requests at concurrency 64, 2 GiB download, 1 GiB upload, peak memory"
    ) {
        await requests(total: 10_000, concurrency: 64)
        download(bytes: 2 << 30)
        upload(bytes: 1 << 30)
    }

    static func requests(total: Int, concurrency: Int) async {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { request in .text("reply \(request.queryValue("i") ?? "?")") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.httpMaximumConnectionsPerHost = concurrency
        let session = URLSession(configuration: configuration)
        let urls = (0..<total).map { server.url("/load?i=\($0)") }
        Memory.resetPeak()
        let start = DispatchTime.now().uptimeNanoseconds
        let (ok, failed) = await withTaskGroup(of: Bool.self) { group in
            var next = 0
            var ok = 0
            var failed = 0
            func addNext() {
                let index = next
                let url = urls[index]
                next += 1
                group.addTask {
                    guard let (data, response) = try? await session.data(from: url) else { return false }
                    return (response as? HTTPURLResponse)?.statusCode == 200
                        && String(decoding: data, as: UTF8.self) == "reply \(index)"
                }
            }
            for _ in 0..<min(concurrency, total) { addNext() }
            while let success = await group.next() {
                if success { ok += 1 } else { failed += 1 }
                if next < total { addNext() }
            }
            return (ok, failed)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("  \(total) requests at concurrency \(concurrency): \(ok) ok, \(failed) failed, server recorded \(server.requestCount)"
            + ", lost \(total - server.requestCount)")
        print("  time \(String(format: "%.2f", seconds)) s (\(String(format: "%.0f", Double(total) / seconds)) req/s)"
            + ", \(server.connectionCount) connections, peak open \(server.peakOpenConnectionCount)")
        print("  peak RSS during the run (VmHWM, server + URLSession): \(Memory.peakDescription)")
    }

    static func download(bytes: Int64) {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.generated(byteCount: bytes))
        Memory.resetPeak()
        let start = DispatchTime.now().uptimeNanoseconds
        let received = LoopbackClient.transfer(port: server.port, request: "GET /big HTTP/1.1\r\nHost: bench\r\n\r\n", upload: 0)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let expected = bytes + Int64(received.headBytes)
        print("  download \(bytes >> 20) MiB generated body: received \(received.total == expected ? "all" : "\(received.total) of \(expected)") bytes"
            + " in \(String(format: "%.2f", seconds)) s (\(String(format: "%.0f", Double(bytes) / seconds / 1_048_576)) MiB/s)"
            + ", peak RSS \(Memory.peakDescription)")

        // Baseline: the same bytes written by a bare loopback TCP sender with no HTTP machinery.
        let baselineStart = DispatchTime.now().uptimeNanoseconds
        let baselineReceived = RawSender.serveOnce(bytes: bytes) { port in
            LoopbackClient.transfer(port: port, request: "GET /big HTTP/1.1\r\n\r\n", upload: 0)
        }
        let baselineSeconds = Double(DispatchTime.now().uptimeNanoseconds - baselineStart) / 1e9
        if baselineReceived.total > 0 {
            Measure.report("download throughput", courier: seconds * 1e3, baseline: baselineSeconds * 1e3, unit: "ms")
        }
    }

    static func upload(bytes: Int64) {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("stored", status: 201))
        Memory.resetPeak()
        let start = DispatchTime.now().uptimeNanoseconds
        _ = LoopbackClient.transfer(
            port: server.port,
            request: "PUT /big HTTP/1.1\r\nHost: bench\r\nContent-Length: \(bytes)\r\n\r\n",
            upload: bytes
        )
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let recorded = server.recordedRequests.first
        print("  upload \(bytes >> 20) MiB: server counted \(recorded?.bodySize ?? -1) bytes, recorded the first \(recorded?.body.count ?? 0)"
            + " in \(String(format: "%.2f", seconds)) s (\(String(format: "%.0f", Double(bytes) / seconds / 1_048_576)) MiB/s)"
            + ", peak RSS \(Memory.peakDescription)")
    }
}

/// Peak resident memory of this process, from /proc/self/status (Linux only).
enum Memory {
    /// Resets VmHWM to the current RSS (writing 5 to /proc/self/clear_refs), so each phase reports its own peak.
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static var peakDescription: String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return "n/a" }
        return line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces)
    }
}

/// A blocking loopback client that sends a request (plus `upload` generated body bytes) and counts every
/// response byte until the response is complete or the server closes — without keeping any of it.
enum LoopbackClient {
    static func transfer(port: UInt16, request: String, upload: Int64) -> (total: Int64, headBytes: Int) {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return (0, 0) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return (0, 0) }
        guard sendAll(fd, Array(request.utf8)) else { return (0, 0) }
        var remaining = upload
        let slice = [UInt8](MockResponse.generatedBytes(count: 1 << 20))
        while remaining > 0 {
            let count = Int(min(remaining, Int64(slice.count)))
            guard sendAll(fd, Array(slice[0..<count])) else { return (0, 0) }
            remaining -= Int64(count)
        }
        // Read the head to learn Content-Length, then count body bytes without keeping them.
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var head = [UInt8]()
        var total: Int64 = 0
        var expected: Int64? = nil
        var headBytes = 0
        while expected == nil || total < expected! {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            total += Int64(count)
            if expected == nil {
                head.append(contentsOf: buffer[0..<count])
                let text = String(decoding: head, as: UTF8.self)
                if let end = text.range(of: "\r\n\r\n") {
                    headBytes = text.utf8.distance(from: text.startIndex, to: end.upperBound)
                    let length = text.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int64($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                    expected = Int64(headBytes) + length
                    head = []
                }
            }
        }
        return (total, headBytes)
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            #else
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #endif
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

/// The download baseline: a loopback TCP listener that answers one connection with a fixed HTTP head and
/// `bytes` of the generated pattern, written in 64 KiB slices from a plain thread.
enum RawSender {
    static func serveOnce<Result>(bytes: Int64, client: (UInt16) -> Result) -> Result {
        #if canImport(Darwin)
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = listen(listener, 1)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = UInt16(bigEndian: address.sin_port)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = recv(fd, &request, request.count, 0)
            let head = Array("HTTP/1.1 200 OK\r\nContent-Length: \(bytes)\r\n\r\n".utf8)
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)  // a client that gives up early must not raise SIGPIPE
            #endif
            _ = head.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
            let pattern = [UInt8](MockResponse.generatedBytes(count: 65_536 + 251))
            var offset: Int64 = 0
            while offset < bytes {
                let start = Int(offset % 251)
                let count = Int(min(Int64(65_536), bytes - offset))
                let sent = pattern[start..<(start + count)].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
                guard sent > 0 else { return }
                offset += Int64(sent)
            }
        }
        thread.start()
        let result = client(port)
        done.wait()
        return result
    }
}

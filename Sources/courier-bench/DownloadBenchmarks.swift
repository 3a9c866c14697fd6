import Courier
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `download`: a 1 GiB download from MockWebServer to a file through `NetworkClient.download`, reporting
/// throughput and peak resident memory (VmHWM), next to a raw `URLSession` download task in the same run.
enum DownloadBenchmarks {
    static let suite = BenchmarkSuite(
        name: "download",
        summary: "1 GiB download to a file: Courier vs raw URLSession downloadTask, throughput and peak RSS (VmHWM)"
    ) {
        await run(byteCount: Int64(ProcessInfo.processInfo.environment["COURIER_DOWNLOAD_BYTES"].flatMap(Int64.init) ?? (1 << 30)))
    }

    struct Blob: Endpoint {
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/blob" }
    }

    static func run(byteCount: Int64) async {
        let server = MockWebServer()
        do { try server.start() } catch { print("  cannot start MockWebServer: \(error)"); return }
        defer { server.shutdown() }
        server.dispatcher = { _ in .generated(byteCount: byteCount) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-download-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let mebibytes = Double(byteCount) / 1_048_576
        print("  downloading \(String(format: "%.0f", mebibytes)) MiB; resident before: \(residentKiB("VmRSS").map { "\($0 / 1024) MiB" } ?? "n/a")")

        // Courier.
        resetPeakResident()
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(timeout: 60, retryPolicy: .never))
        let destination = directory.appendingPathComponent("courier.bin")
        var start = DispatchTime.now().uptimeNanoseconds
        var events = 0
        do {
            let task = client.download(Blob(), to: destination)
            for await _ in task.progress { events += 1 }
            _ = try await task.value
        } catch {
            print("  courier download failed: \(error)")
            return
        }
        let courierSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let courierPeak = residentKiB("VmHWM")
        let courierSize = fileSize(destination)
        let intact = lastBytesMatch(destination, byteCount: byteCount)
        try? FileManager.default.removeItem(at: destination)

        // Raw URLSession download task.
        resetPeakResident()
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        let rawDestination = directory.appendingPathComponent("raw.bin")
        start = DispatchTime.now().uptimeNanoseconds
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                session.downloadTask(with: server.url("/blob")) { location, _, error in
                    if let error { continuation.resume(throwing: error); return }
                    do {
                        guard let location else { throw URLError(.cannotOpenFile) }
                        try FileManager.default.moveItem(at: location, to: rawDestination)
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }.resume()
            }
        } catch {
            print("  raw download failed: \(error)")
            return
        }
        let rawSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rawPeak = residentKiB("VmHWM")
        try? FileManager.default.removeItem(at: rawDestination)

        Measure.report("1 GiB download throughput", courier: mebibytes / courierSeconds, baseline: mebibytes / rawSeconds, unit: "MiB/s")
        print("  courier: file \(courierSize.map(String.init) ?? "?") bytes (expected \(byteCount)), tail intact: \(intact), \(events) progress events")
        print("  peak RSS (VmHWM) during Courier download: \(courierPeak.map { "\($0 / 1024) MiB" } ?? "n/a")"
              + "   during raw URLSession download: \(rawPeak.map { "\($0 / 1024) MiB" } ?? "n/a")")
    }

    /// A field of /proc/self/status in KiB (Linux), e.g. `VmHWM` (peak resident) or `VmRSS`.
    static func residentKiB(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }

    /// Resets VmHWM to the current RSS (Linux: writing 5 to /proc/self/clear_refs).
    static func resetPeakResident() {
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
    }

    static func fileSize(_ url: URL) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value
    }

    static func lastBytesMatch(_ url: URL, byteCount: Int64) -> Bool {
        guard byteCount >= 4096, let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(byteCount - 4096))) != nil, let tail = try? handle.read(upToCount: 4096) else { return false }
        return tail == MockResponse.generatedBytes(offset: byteCount - 4096, count: 4096)
    }
}

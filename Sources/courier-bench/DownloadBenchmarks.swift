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

        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(timeout: .seconds(60), retryPolicy: .never))
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }

        // Two alternating rounds (raw, Courier, raw, Courier) so both see the same disk and machine state;
        // the best throughput and the highest peak RSS of each are reported.
        var courierBest = 0.0, rawBest = 0.0
        var courierPeak = 0, rawPeak = 0
        var events = 0
        var courierSize: Int64?
        var intact = false
        for _ in 0..<2 {
            resetPeakResident()
            let rawDestination = directory.appendingPathComponent("raw.bin")
            var start = DispatchTime.now().uptimeNanoseconds
            do {
                try await rawDownload(session, server.url("/blob"), to: rawDestination)
            } catch {
                print("  raw download failed: \(error)")
                return
            }
            rawBest = max(rawBest, mebibytes / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
            rawPeak = max(rawPeak, residentKiB("VmHWM") ?? 0)
            try? FileManager.default.removeItem(at: rawDestination)

            resetPeakResident()
            let destination = directory.appendingPathComponent("courier.bin")
            start = DispatchTime.now().uptimeNanoseconds
            events = 0
            do {
                let task = client.download(Blob(), to: destination)
                for await _ in task.progress { events += 1 }
                _ = try await task.value
            } catch {
                print("  courier download failed: \(error)")
                return
            }
            courierBest = max(courierBest, mebibytes / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
            courierPeak = max(courierPeak, residentKiB("VmHWM") ?? 0)
            courierSize = fileSize(destination)
            intact = lastBytesMatch(destination, byteCount: byteCount)
            try? FileManager.default.removeItem(at: destination)
        }

        Measure.report("\(Int(mebibytes)) MiB download throughput", courier: courierBest, baseline: rawBest, unit: "MiB/s")
        print("  courier: file \(courierSize.map(String.init) ?? "?") bytes (expected \(byteCount)), tail intact: \(intact), \(events) progress events")
        print("  peak RSS (VmHWM) during Courier download: \(courierPeak / 1024) MiB   during raw URLSession download: \(rawPeak / 1024) MiB")

        await streamedUpload(server: server, byteCount: byteCount / 4)
    }

    /// A generated body of `count` bytes, produced in 256 KiB chunks on demand.
    struct GeneratedBody: BodySource {
        let count: Int64
        var contentLength: Int64? { count }
        func makeReader() throws -> any BodyReader { Reader(count: count) }

        /// Serves slices of one precomputed pattern (the byte at offset `i` is `i % 251`), so producing the
        /// body costs a copy, not a loop per byte.
        final class Reader: BodyReader {
            static let chunk = 256 * 1024
            let count: Int64
            var offset: Int64 = 0
            let pattern = MockResponse.generatedBytes(offset: 0, count: Reader.chunk + 251)
            init(count: Int64) { self.count = count }
            func read(maxLength: Int) throws -> Data? {
                guard offset < count else { return nil }
                let length = Int(min(Int64(min(maxLength, Reader.chunk)), count - offset))
                let start = Int(offset % 251)
                defer { offset += Int64(length) }
                return pattern.subdata(in: start..<(start + length))
            }
            func close() {}
        }
    }

    struct Upload: Endpoint {
        let source: GeneratedBody
        var method: HTTPMethod { .post }
        var path: EndpointPath { "/upload" }
        var body: RequestBody? { RequestBody(StreamEncoder(source: source)) }
    }

    struct StreamEncoder: RequestBodyEncoder {
        let source: GeneratedBody
        func encodeBody() throws -> EncodedBody { EncodedBody(contentType: "application/octet-stream", body: .stream(source)) }
    }

    /// A streamed (`.stream`) upload: spooled to disk, then sent from the file; reports peak RSS.
    static func streamedUpload(server: MockWebServer, byteCount: Int64) async {
        server.dispatcher = { _ in MockResponse(status: 204) }
        resetPeakResident()
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(timeout: .seconds(60), retryPolicy: .never))
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let task = client.upload(Upload(source: GeneratedBody(count: byteCount)).decoding(EmptyResponse.self))
            for await _ in task.progress {}
            _ = try await task.value
        } catch {
            print("  streamed upload failed: \(error)")
            return
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let received = server.recordedRequests.last?.bodySize ?? -1
        let peak = residentKiB("VmHWM")

        // Baseline: raw URLSession uploadTask(fromFile:) of a file holding the same bytes (written beforehand).
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-upload-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = try? FileHandle(forWritingTo: file) else { return }
        var offset: Int64 = 0
        while offset < byteCount {
            let length = Int(min(1 << 20, byteCount - offset))
            handle.write(MockResponse.generatedBytes(offset: offset, count: length))
            offset += Int64(length)
        }
        try? handle.close()
        resetPeakResident()
        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: server.url("/upload"))
        request.httpMethod = "POST"
        let rawStart = DispatchTime.now().uptimeNanoseconds
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                session.uploadTask(with: request, fromFile: file) { _, _, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }.resume()
            }
        } catch {
            print("  raw upload failed: \(error)")
            return
        }
        let rawSeconds = Double(DispatchTime.now().uptimeNanoseconds - rawStart) / 1e9
        struct FileUpload: Endpoint {
            let file: URL
            var method: HTTPMethod { .post }
            var path: EndpointPath { "/upload" }
            var body: RequestBody? { .file(file, contentType: "application/octet-stream") }
        }

        let mebibytes = Double(byteCount) / 1_048_576
        Measure.report("\(byteCount >> 20) MiB streamed upload", courier: mebibytes / seconds, baseline: mebibytes / rawSeconds, unit: "MiB/s")
        print("  courier spools the .stream body to a temporary file, then uploads it; server received \(received) bytes")
        print("  peak RSS (VmHWM) during Courier upload: \(peak.map { "\($0 / 1024) MiB" } ?? "n/a")"
              + "   during raw uploadTask(fromFile:): \(residentKiB("VmHWM").map { "\($0 / 1024) MiB" } ?? "n/a")")
    }

    /// A URLSession download task, its file moved to `destination`.
    static func rawDownload(_ session: URLSession, _ url: URL, to destination: URL) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.downloadTask(with: url) { location, _, error in
                do {
                    if let error { throw error }
                    guard let location else { throw URLError(.cannotOpenFile) }
                    try FileManager.default.moveItem(at: location, to: destination)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }.resume()
        }
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

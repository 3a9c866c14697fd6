import Courier
import Foundation

/// `multipart`: streams a multipart body built around a 200 MB file through its `BodyReader` and reports the
/// peak RSS (VmHWM) next to the file size, plus throughput against reading the file directly.
///
/// With `COURIER_MULTIPART_DUMP=<dir>` it instead writes a reference multipart body for
/// `Scripts/interop-multipart.sh` (see `MultipartDump`); with `COURIER_TRANSPORT=urlSession|socket` too, the
/// body written is the one a server received over that transport.
enum MultipartBenchmarks {
    static let suite = BenchmarkSuite(
        name: "multipart",
        summary: "streaming a 200 MB file part: peak RSS vs file size (COURIER_MULTIPART_DUMP=<dir> writes the interop fixture)"
    ) {
        if let directory = ProcessInfo.processInfo.environment["COURIER_MULTIPART_DUMP"] {
            do {
                let transport = ProcessInfo.processInfo.environment["COURIER_TRANSPORT"]
                try await MultipartDump.write(to: URL(fileURLWithPath: directory), over: transport)
                print("  wrote the multipart fixture to \(directory)" + (transport.map { " (as received over \($0))" } ?? ""))
            } catch {
                print("  multipart dump failed: \(error)")
                exit(1)
            }
            return
        }
        do {
            try runStreaming()
        } catch {
            print("  multipart benchmark failed: \(error)")
        }
    }

    static let fileSize = 200 * 1024 * 1024
    static let chunkSize = 64 * 1024

    static func runStreaming() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("courier-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.bin")
        try writeFile(file, size: fileSize)
        let before = peakRSS()

        var form = MultipartFormData()
        form.append("a 200 MB upload", name: "title")
        form.append(fileAt: file, name: "file", filename: "big.bin")
        let body = try form.encoded().body

        let start = DispatchTime.now().uptimeNanoseconds
        let reader = try body.makeReader()
        var total = 0
        var checksum: UInt8 = 0
        while let chunk = try reader.read(maxLength: chunkSize) {
            total += chunk.count
            checksum ^= chunk.last ?? 0
        }
        reader.close()
        let courierSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let after = peakRSS()

        let baselineStart = DispatchTime.now().uptimeNanoseconds
        let handle = try FileHandle(forReadingFrom: file)
        var baselineTotal = 0
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            baselineTotal += chunk.count
            checksum ^= chunk.last ?? 0
        }
        try handle.close()
        let baselineSeconds = Double(DispatchTime.now().uptimeNanoseconds - baselineStart) / 1e9
        Measure.blackHole(checksum)

        let mb = 1024.0 * 1024.0
        print(String(format: "  file %.0f MB, multipart body %.1f MB (contentLength %@), streamed in %d KB chunks",
                     Double(fileSize) / mb, Double(total) / mb, body.contentLength.map { "\($0)" } ?? "unknown", chunkSize / 1024))
        print(String(format: "  peak RSS (VmHWM): %.1f MB before streaming, %.1f MB after — growth %.1f MB = %.2f%% of the file",
                     before / 1024, after / 1024, (after - before) / 1024, (after - before) * 1024 / Double(fileSize) * 100))
        print(String(format: "  throughput: courier %.0f MB/s, baseline (FileHandle reads of the bare file) %.0f MB/s",
                     Double(total) / mb / courierSeconds, Double(baselineTotal) / mb / baselineSeconds))
        Measure.report("stream 200 MB multipart", courier: courierSeconds * 1000, baseline: baselineSeconds * 1000, unit: "ms")
        if Int64(total) != body.contentLength {
            print("  ERROR: streamed \(total) bytes but contentLength says \(body.contentLength ?? -1)")
        }
    }

    /// Writes `size` bytes of a repeating pattern, 1 MB at a time.
    static func writeFile(_ url: URL, size: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let block = Data((0..<(1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        var written = 0
        while written < size {
            let count = min(block.count, size - written)
            try handle.write(contentsOf: block.prefix(count))
            written += count
        }
    }

    /// VmHWM (peak resident set size) in kB from /proc/self/status, or 0 where unavailable.
    static func peakRSS() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return Double(digits) ?? 0
        }
        return 0
    }
}

/// The reference multipart body checked by `Scripts/interop-multipart.sh` against Python's `email` parser.
enum MultipartDump {
    /// Writes `body.bin` (the multipart body, produced through its `BodyReader`, or as a server received it over
    /// the transport named `transport`), `content-type.txt`, `upload.bin` (the file part's source) and `blob.bin`
    /// (the data part's bytes) into `directory`.
    static func write(to directory: URL, over transport: String?) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let upload = directory.appendingPathComponent("upload.bin")
        // 300 KB of every byte value (several reader chunks).
        try Data((0..<(300 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ ($0 >> 9)) }).write(to: upload)
        let blob = Data((0...255).map { UInt8($0) } + Array("\r\n--not-a-boundary\r\n".utf8))
        try blob.write(to: directory.appendingPathComponent("blob.bin"))

        var form = MultipartFormData()
        form.append("Hello, 세계 ✓", name: "title")
        form.append("line one\r\nline two\n", name: "note")
        form.append("", name: "empty")
        form.append(blob, name: "blob", filename: "blob.bin", contentType: "application/octet-stream")
        form.append(fileAt: upload, name: "photo", filename: "사진 résumé \"1\".png", contentType: "image/png")
        form.append("x", name: "with-header", headers: ["X-Part-Id": "42"])
        if let transport {
            guard let made = WireCapture.transport(named: transport) else {
                throw NetworkError.configuration(reason: .invalidRequest("no transport named \(transport)"))
            }
            let received = try await WireCapture(transport: made).send(EndpointBuilder<Data>.post("/upload").body(.multipart(form)))
            try received.body.write(to: directory.appendingPathComponent("body.bin"))
            try Data((received.headers["Content-Type"] ?? "").utf8).write(to: directory.appendingPathComponent("content-type.txt"))
            return
        }
        let encoded = try form.encoded()

        let reader = try encoded.body.makeReader()
        defer { reader.close() }
        var body = Data()
        while let chunk = try reader.read(maxLength: 16 * 1024) { body.append(chunk) }
        guard Int64(body.count) == encoded.body.contentLength else {
            throw NetworkError.encoding(EncodingFailure(part: .body, message: "contentLength does not match the streamed bytes"))
        }
        try body.write(to: directory.appendingPathComponent("body.bin"))
        try Data((encoded.contentType ?? "").utf8).write(to: directory.appendingPathComponent("content-type.txt"))
    }
}

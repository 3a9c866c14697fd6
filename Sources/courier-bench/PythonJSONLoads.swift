import Foundation

/// CPython's `json.loads` timed on a payload, for the `decode` suite's comparison row: the payload is
/// written to a temporary file and `python3 -c` runs `timeit` on it in a child process, printing the best
/// CPU seconds (`time.thread_time`, as the Swift side measures) per call. `nil` when there is no `python3` on the PATH.
struct PythonJSONLoads {
    private let python: URL
    private let file: URL

    init?(payload: Data) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let python = path.split(separator: ":").lazy
            .map({ URL(fileURLWithPath: String($0)).appendingPathComponent("python3") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-decode-\(getpid()).json")
        guard (try? payload.write(to: file)) != nil else { return nil }
        self.python = python
        self.file = file
    }

    /// Deletes the payload file.
    func removeFile() {
        try? FileManager.default.removeItem(at: file)
    }

    /// The best of five `timeit` repeats of three `json.loads` calls each, in CPU seconds per call.
    func bestSeconds() -> Double? {
        let script = """
            import json, sys, time, timeit
            data = open(sys.argv[1], 'rb').read()
            json.loads(data)
            print(min(timeit.repeat(lambda: json.loads(data), number=3, repeat=5, timer=time.thread_time)) / 3)
            """
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

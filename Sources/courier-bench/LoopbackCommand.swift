import Foundation

/// `courier-bench loopback --http-port P --https-port Q --ca FILE --dir DIR [--requests N] [--h2-port R]
/// [--sections …]`, run by
/// Scripts/bench-loopback.sh against its nginx: every row in its own worker process (`LoopbackWorker`), so
/// CPU time and peak RSS are that side's alone; three passes per group with the order rotated each pass, so
/// a slow moment of the shared machine does not land on one side only. Prints each pass, then the medians
/// with their spread (min–max) and the goals of issues #18 and #37 (HTTP/2 and TLS).
enum LoopbackCommand {
    static let passes = 3
    /// The sections, in the order they run (`--sections` picks some).
    static let sections = ["http", "https", "h2", "rss", "download", "stream", "upload"]
    /// A worker that runs longer than this is killed (a hang must not stop the whole run).
    static let workerTimeLimit = 240.0

    /// Parses `arguments`, runs every group and prints the report; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let options: LoopbackOptions
        do { options = try LoopbackOptions(parsing: arguments) } catch {
            print("courier-bench loopback: \(error.message)")
            print("usage: courier-bench loopback --http-port P --https-port Q --ca FILE --dir DIR [--requests N] [--h2-port R]"
                + " [--sections " + sections.joined(separator: ",") + "]")
            return 2
        }
        print("== loopback: nginx on 127.0.0.1:\(options.httpPort) (http), :\(options.httpsPort) (https)"
            + (options.h2Port > 0 ? " and :\(options.h2Port) (https with h2)" : "") + "; "
            + "\(options.requests) GETs of 200 bytes per side per pass after \(LoopbackWorker.warmUpRequests) warm-up, "
            + "\(LoopbackClients.concurrency) in flight, \(passes) passes, order rotated")
        print("   load average at the start: \(loadAverage())")
        if options.runs("http") { httpSection(options) }
        if options.runs("https") { httpsSection(options) }
        if options.runs("h2") { http2Section(options) }
        if options.runs("rss") { rssSection(options) }
        if options.runs("download") { downloadSection(options) }
        if options.runs("stream") { streamSection(options) }
        if options.runs("upload") { uploadSection(options) }
        print("   load average at the end: \(loadAverage())   (2 cores shared with nginx and the rest of the machine)")
        return 0
    }

    /// The first three fields of /proc/loadavg (1, 5 and 15 minutes), or "n/a".
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "n/a" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Runs `sides` for `passes` passes, rotating the order, printing each result with `line`.
    static func group(
        _ sides: [LoopbackSide], _ options: LoopbackOptions, _ line: (Int, LoopbackSide, LoopbackResult) -> Void
    ) -> [LoopbackSide: [LoopbackResult]] {
        var results: [LoopbackSide: [LoopbackResult]] = [:]
        for pass in 0..<passes {
            let shift = pass % sides.count
            for side in sides[shift...] + sides[..<shift] {
                guard let result = spawn(side, options) else { continue }
                results[side, default: []].append(result)
                line(pass + 1, side, result)
            }
        }
        return results
    }

    /// Runs `courier-bench loopback-worker <side> …` and returns its result; prints what else it said.
    static func spawn(_ side: LoopbackSide, _ options: LoopbackOptions) -> LoopbackResult? {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["loopback-worker", side.rawValue] + options.arguments
        // The worker's temporary directory is its own, so the upload row can count the files created there.
        let temporary = URL(fileURLWithPath: options.directory).appendingPathComponent("tmp-\(side.rawValue)")
        try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        let nginxBefore = NginxUsage.workerCPUSeconds(directory: options.directory)
        do { try process.run() } catch {
            print("  \(side.rawValue): cannot start the worker: \(error)")
            return nil
        }
        let watchdog = DispatchWorkItem { [process = UncheckedProcess(process)] in
            if process.value.isRunning {
                print("  \(side.rawValue): still running after \(Int(workerTimeLimit)) s, killed")
                process.value.terminate()
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + workerTimeLimit, execute: watchdog)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()

        var result: LoopbackResult?
        var samples: [String] = []
        for line in output.split(separator: "\n") {
            if let parsed = LoopbackResult(line: line) { result = parsed }
            else if line.hasPrefix("sample ") { samples.append(String(line.dropFirst("sample ".count))) }
            else { print("  \(side.rawValue): \(line)") }
        }
        guard process.terminationStatus == 0, var result else {
            print("  \(side.rawValue): worker failed (status \(process.terminationStatus))")
            return nil
        }
        result.samples = samples
        if let before = nginxBefore, let after = NginxUsage.workerCPUSeconds(directory: options.directory) {
            result["nginx_cpu"] = after - before
        }
        return result
    }

    /// `Process` handed to the watchdog closure.
    ///
    /// `@unchecked Sendable` is safe: the watchdog only calls `isRunning` and `terminate()`, which Foundation
    /// allows from any thread, while the spawning thread waits for the process.
    struct UncheckedProcess: @unchecked Sendable {
        let value: Process
        init(_ value: Process) { self.value = value }
    }
}

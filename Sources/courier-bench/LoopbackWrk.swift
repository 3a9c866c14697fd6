import Foundation

/// Runs `wrk -t1 -c64` as this worker's only child, so that `getrusage(RUSAGE_CHILDREN)` after it is waited for
/// is wrk's own CPU time. Its peak RSS is its VmHWM, sampled while it runs: the children's `ru_maxrss` would
/// count the spawning process's resident memory, which Linux carries over into a child through exec.
enum LoopbackWrk {
    /// wrk runs at least this long; longer for large request counts (it runs by time, not by count).
    static let minimumSeconds = 2

    /// A wrk run long enough for about `requests` requests at 5,000 req/s or more.
    static func run(_ url: URL, requests: Int) throws -> LoopbackResult {
        let duration = max(minimumSeconds, (requests + 4_999) / 5_000)
        let (output, peak) = try runChild(["wrk", "-t1", "-c\(LoopbackClients.concurrency)", "-d\(duration)s", url.absoluteString])

        // "  123456 requests in 2.00s, 50.00MB read" and "Requests/sec:  61728.40".
        var result = LoopbackResult()
        var failures = 0.0
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count >= 3, words[1] == "requests", words[2] == "in" { result["requests"] = Double(words[0]) }
            if words.first == "Requests/sec:", let rate = words.last.flatMap({ Double($0) }) { result["rate"] = rate }
            if words.first == "Non-2xx", let count = words.last.flatMap({ Double($0) }) { failures += count }
            if words.first == "Socket" { failures += words.compactMap { Double($0.filter(\.isNumber)) }.reduce(0, +) }
        }
        guard let count = result["requests"], let rate = result["rate"], rate > 0 else { throw WrkFailure(output: output) }
        result["seconds"] = count / rate
        result["failures"] = failures
        result["cpu"] = LoopbackComparison.Side.cpuSeconds(children: true)
        result["peak_kib"] = Double(peak)
        return result
    }

    /// Runs `arguments` (a tool on the PATH) as this worker's child and returns what it printed and its peak RSS in
    /// KiB; throws when it fails.
    static func runChild(_ arguments: [String]) throws -> (output: String, peakKiB: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice  // progress lines (openssl speed's "Doing …"); failures show in the status
        try process.run()
        var peak = 0
        while process.isRunning {
            peak = max(peak, peakResidentKiB(process.processIdentifier) ?? 0)
            usleep(100_000)
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw WrkFailure(output: output) }
        return (output, peak)
    }

    /// VmHWM of process `pid` in KiB, while it runs.
    static func peakResidentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    /// wrk (or h2load) failed or printed no figures.
    struct WrkFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "load generator failed: \(output)" }
    }
}

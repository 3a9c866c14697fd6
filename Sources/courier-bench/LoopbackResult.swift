import Foundation

/// What one worker measured, sent to the parent as one line: `result key=value key=value …`.
///
/// Keys: `requests`, `seconds` (wall time of the measured part), `cpu` (CPU seconds of the measured part, every
/// thread), `peak_kib` (VmHWM, or the child's maxrss for wrk), `failures`; transfers add `bytes`,
/// `rss_before_kib` and their own checks. `served` counts every request the server answered (warm-up included);
/// the parent adds `nginx_cpu`, the CPU seconds nginx's workers used while the worker ran.
struct LoopbackResult: Sendable {
    /// The figures by key.
    var values: [String: Double] = [:]
    /// `sample …` lines the worker printed (RSS over time), in order.
    var samples: [String] = []

    /// The figure for `key`, or nil.
    subscript(key: String) -> Double? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Requests per second.
    var requestsPerSecond: Double { (self["requests"] ?? 0) / max(self["seconds"] ?? 0, 1e-9) }
    /// CPU microseconds per request.
    var cpuMicrosecondsPerRequest: Double { (self["cpu"] ?? 0) / max(self["requests"] ?? 0, 1) * 1e6 }
    /// nginx's CPU microseconds per request it served during the run (nil when unknown).
    var nginxMicrosecondsPerRequest: Double? {
        guard let cpu = self["nginx_cpu"], let served = self["served"] ?? self["requests"], served > 0 else { return nil }
        return cpu / served * 1e6
    }
    /// Peak resident memory in MiB.
    var peakMiB: Double { (self["peak_kib"] ?? 0) / 1024 }
    /// Bytes transferred per second, in MB/s (10^6).
    var megabytesPerSecond: Double { (self["bytes"] ?? 0) / 1e6 / max(self["seconds"] ?? 0, 1e-9) }
    /// Peak resident memory above the resident memory before the transfer, in MiB.
    var growthMiB: Double { ((self["peak_kib"] ?? 0) - (self["rss_before_kib"] ?? 0)) / 1024 }

    /// The line a worker prints.
    var line: String {
        "result " + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
    }

    /// Parses a `result …` line.
    init?(line: Substring) {
        guard line.hasPrefix("result ") else { return nil }
        for field in line.dropFirst("result ".count).split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1]) else { return nil }
            values[String(parts[0])] = value
        }
    }

    /// An empty result, filled in by a worker.
    init() {}
}

import Foundation

/// Runs `h2load -c1 -m64` (Debian `nghttp2-client`) as this worker's only child: one TLS connection carrying 64
/// concurrent streams, HTTP/2's ceiling for the `courier-socket-h2` row. Its CPU is the waited-for child's
/// (`getrusage(RUSAGE_CHILDREN)`), its peak RSS sampled as for wrk (`LoopbackWrk.runChild`).
enum LoopbackH2Load {
    /// `requests` GETs of `url` over one HTTP/2 connection, `LoopbackClients.concurrency` streams at a time.
    static func run(_ url: URL, requests: Int) throws -> LoopbackResult {
        let (output, peak) = try LoopbackWrk.runChild([
            "h2load", "-n\(requests)", "-c1", "-t1", "-m\(LoopbackClients.concurrency)", url.absoluteString,
        ])
        // "finished in 1.02s, 9803.92 req/s, 3.55MB/s", "requests: 10000 total, 10000 started, 10000 done,
        // 10000 succeeded, 0 failed, 0 errored, 0 timeout", "Application protocol: h2".
        var result = LoopbackResult()
        var protocolName = ""
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "finished", words.count >= 5, let seconds = seconds(words[2]) { result["seconds"] = seconds }
            if words.first == "requests:", words.count >= 10 {
                result["requests"] = Double(words[1])
                result["failures"] = Double(requests) - (Double(words[7]) ?? 0)
            }
            if line.hasPrefix("Application protocol:") { protocolName = String(words.last ?? "") }
        }
        guard protocolName == "h2", let seconds = result["seconds"], seconds > 0, result["requests"] != nil else {
            throw LoopbackWrk.WrkFailure(output: output)
        }
        result["cpu"] = LoopbackComparison.Side.cpuSeconds(children: true)
        result["peak_kib"] = Double(peak)
        return result
    }

    /// h2load's duration ("1.02s,", "162.04ms,", "850us,") in seconds: it picks the unit by the duration's size.
    static func seconds(_ word: Substring) -> Double? {
        let text = word.hasSuffix(",") ? word.dropLast() : word
        for (unit, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}

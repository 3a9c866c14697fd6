import Foundation

/// How `courier-bench loopback` prints its rows: one line per side and pass, then per side the median and the
/// spread (min–max) over the passes, then the ratios of issue #18 with their goals. Ratios are taken pass by
/// pass (both sides of a pass ran next to each other) and then summarised the same way.
enum LoopbackReport {
    /// The median and the range of some figures.
    struct Spread {
        let median: Double, minimum: Double, maximum: Double

        init?(_ values: [Double]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
            minimum = sorted[0]
            maximum = sorted[sorted.count - 1]
        }

        /// `median (min–max)` with `digits` decimals.
        func text(_ digits: Int = 0, unit: String = "") -> String {
            let format = "%.\(digits)f"
            return String(format: format, median) + unit + " (" + String(format: format, minimum) + "–"
                + String(format: format, maximum) + ")"
        }
    }

    /// The side's name, padded to one column.
    static func name(_ side: LoopbackSide) -> String { side.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0) }

    /// `12.3 MiB`.
    static func mebibytes(_ value: Double) -> String { String(format: "%.1f MiB", value) }

    /// `pass 2  courier-socket   51234 req/s   41.2 µs CPU/req   peak RSS 18.3 MiB`.
    static func requestLine(_ pass: Int, _ side: LoopbackSide, _ result: LoopbackResult) {
        let failures = Int(result["failures"] ?? 0)
        print("  pass \(pass)  \(name(side)) " + String(format: "%8.0f req/s  %7.1f µs CPU/req", result.requestsPerSecond, result.cpuMicrosecondsPerRequest)
            + "   peak RSS \(mebibytes(result.peakMiB))   \(Int(result["requests"] ?? 0)) requests"
            + (result.nginxMicrosecondsPerRequest.map { String(format: "   nginx %.1f µs CPU/req", $0) } ?? "")
            + (failures > 0 ? "   \(failures) FAILED" : ""))
    }

    /// `pass 1  download-courier-socket   1234 MB/s   peak RSS … (+… MiB)`.
    static func transferLine(_ pass: Int, _ side: LoopbackSide, _ result: LoopbackResult) {
        print("  pass \(pass)  \(name(side)) " + String(format: "%7.0f MB/s  %6.2f s  CPU %5.2f s", result.megabytesPerSecond, result["seconds"] ?? 0, result["cpu"] ?? 0)
            + "   peak RSS \(mebibytes(result.peakMiB)) (+\(mebibytes(result.growthMiB)) over the \(mebibytes((result["rss_before_kib"] ?? 0) / 1024)) before)"
            + ((result["intact"] ?? 1) == 1 ? "" : "   FILE SIZE WRONG (\(Int(result["bytes"] ?? 0)) bytes)"))
    }

    /// Per side: the median req/s, CPU µs/req and peak RSS over the passes, with their spread.
    static func requestSummary(_ results: [LoopbackSide: [LoopbackResult]], sides: [LoopbackSide]) {
        for side in sides {
            guard let rows = results[side], let rate = Spread(rows.map(\.requestsPerSecond)),
                  let cpu = Spread(rows.map(\.cpuMicrosecondsPerRequest)), let peak = Spread(rows.map(\.peakMiB)) else {
                print("  \(name(side)) no result")
                continue
            }
            let server = Spread(rows.compactMap(\.nginxMicrosecondsPerRequest)).map { "   nginx CPU \($0.text(1, unit: " µs/req"))" } ?? ""
            print("  median \(name(side)) \(rate.text(unit: " req/s"))   CPU \(cpu.text(1, unit: " µs/req"))   peak RSS \(peak.text(1, unit: " MiB"))" + server)
        }
    }

    /// The GET ratios and their goals (issue #18).
    static func requestGoals(_ results: [LoopbackSide: [LoopbackResult]]) {
        let socket = results[.courierSocket], session = results[.urlSession]
        ratio("SocketTransport ÷ raw URLSession, req/s", socket, session, \.requestsPerSecond, goal: (6, true))
        ratio("SocketTransport ÷ wrk, req/s", socket, results[.wrk], \.requestsPerSecond, goal: (0.4, true))
        ratio("SocketTransport ÷ raw URLSession, CPU/req", socket, session, \.cpuMicrosecondsPerRequest, goal: (1.0 / 6, false))
        ratio("Courier/URLSessionTransport ÷ raw URLSession, req/s", results[.courierURLSession], session, \.requestsPerSecond, goal: nil)
        ratio("NetworkClient ÷ bare SocketTransport + JSONDecoder, CPU/req", socket, results[.bareSocket],
              \.cpuMicrosecondsPerRequest, goal: (1.15, false))
        cpuBound(results, .courierSocket, against: .wrk)
    }

    /// What the CPU alone allows, steadier than req/s on a shared machine: every core ÷ (client + nginx CPU per
    /// request), from the medians, for `side` and `baseline`, and their ratio.
    static func cpuBound(_ results: [LoopbackSide: [LoopbackResult]], _ side: LoopbackSide, against baseline: LoopbackSide) {
        func bound(_ side: LoopbackSide) -> Double? {
            guard let rows = results[side], let client = Spread(rows.map(\.cpuMicrosecondsPerRequest)),
                  let server = Spread(rows.compactMap(\.nginxMicrosecondsPerRequest)) else { return nil }
            return Double(ProcessInfo.processInfo.activeProcessorCount) * 1e6 / (client.median + server.median)
        }
        guard let ours = bound(side), let theirs = bound(baseline) else { return }
        print("  CPU-bound estimate (\(ProcessInfo.processInfo.activeProcessorCount) cores ÷ (client + nginx CPU per request)): "
            + "\(side.rawValue) " + String(format: "%.0f", ours) + " req/s, \(baseline.rawValue) " + String(format: "%.0f", theirs)
            + " req/s, ratio " + String(format: "%.3f×", ours / theirs))
    }

    /// Prints the pass-by-pass ratio `numerator ÷ denominator` of `figure`, and whether it meets `goal`
    /// (`atLeast` true: ratio ≥ goal; false: ratio ≤ goal).
    static func ratio(
        _ title: String, _ numerator: [LoopbackResult]?, _ denominator: [LoopbackResult]?, _ figure: (LoopbackResult) -> Double,
        goal: (value: Double, atLeast: Bool)?
    ) {
        let pairs = zip(numerator ?? [], denominator ?? []).map { figure($0) / figure($1) }
        guard let spread = Spread(pairs) else {
            print("  \(title): no result")
            return
        }
        var line = "  ratio \(title): \(spread.text(3, unit: "×"))"
        if let goal {
            let met = goal.atLeast ? spread.median >= goal.value : spread.median <= goal.value
            line += "   goal \(goal.atLeast ? "≥" : "≤") \(String(format: "%.3f", goal.value))×: "
                + (met ? "met" : "MISSED (median at \(String(format: "%.0f", spread.median / goal.value * 100))% of the goal)")
        }
        print(line)
    }

    /// The RSS samples of the 100,000-request row and the ≤ 64 MiB goal.
    static func flatness(_ result: LoopbackResult?) {
        guard let result else { print("  no result"); return }
        for sample in result.samples { print("  after \(sample)") }
        let rss = result.samples.compactMap { sample in
            sample.split(separator: " ").first { $0.hasPrefix("rss_kib=") }.flatMap { Double($0.dropFirst("rss_kib=".count)) }
        }
        let growth = (rss.last ?? 0) - (rss.first ?? 0)
        print("  courier-socket-rss " + String(format: "%.0f req/s, %.1f µs CPU/req", result.requestsPerSecond, result.cpuMicrosecondsPerRequest)
            + ", \(Int(result["failures"] ?? 0)) failures; RSS \(mebibytes((rss.min() ?? 0) / 1024))–\(mebibytes((rss.max() ?? 0) / 1024)),"
            + " growth from 10,000 to the end \(mebibytes(growth / 1024)); peak \(mebibytes(result.peakMiB))"
            + "   goal ≤ 64 MiB peak: " + (result.peakMiB <= 64 ? "met" : "MISSED"))
    }

    /// Per download side: the median MB/s, CPU and RSS growth; the ratio against the faster raw way and the goals.
    static func downloadSummary(_ results: [LoopbackSide: [LoopbackResult]]) {
        for side in [LoopbackSide.downloadTask, .downloadData, .downloadSocket] {
            guard let rows = results[side], let rate = Spread(rows.map(\.megabytesPerSecond)), let growth = Spread(rows.map(\.growthMiB)),
                  let cpu = Spread(rows.map { $0["cpu"] ?? 0 }) else {
                print("  \(name(side)) no result")
                continue
            }
            print("  median \(name(side)) \(rate.text(unit: " MB/s"))   CPU \(cpu.text(2, unit: " s"))   RSS growth \(growth.text(1, unit: " MiB"))")
        }
        // The raw baseline of each pass is the faster of the two URLSession ways in that pass.
        let task = results[.downloadTask] ?? [], data = results[.downloadData] ?? []
        let fastestRaw = zip(task, data).map { $0.megabytesPerSecond >= $1.megabytesPerSecond ? $0 : $1 }
        ratio("SocketTransport download ÷ fastest raw URLSession, MB/s", results[.downloadSocket], fastestRaw, \.megabytesPerSecond, goal: (1.5, true))
        if let growth = Spread((results[.downloadSocket] ?? []).map(\.growthMiB)) {
            print("  SocketTransport download RSS growth \(growth.text(1, unit: " MiB"))   goal ≤ 32 MiB: " + (growth.maximum <= 32 ? "met" : "MISSED"))
        }
    }

    /// The upload's MB/s, CPU and RSS, what each pass sent and nginx read, and the temporary-file check.
    static func uploadSummary(_ rows: [LoopbackResult]) {
        guard let rate = Spread(rows.map(\.megabytesPerSecond)), let peak = Spread(rows.map(\.peakMiB)),
              let growth = Spread(rows.map(\.growthMiB)), let cpu = Spread(rows.map { $0["cpu"] ?? 0 }) else {
            print("  no result")
            return
        }
        print("  median upload-courier-socket \(rate.text(unit: " MB/s"))   CPU \(cpu.text(2, unit: " s"))   peak RSS \(peak.text(1, unit: " MiB"))"
            + "   RSS growth \(growth.text(1, unit: " MiB"))")
        for (pass, row) in rows.enumerated() {
            let file = Int(row["file_bytes"] ?? 0), sent = Int(row["bytes"] ?? 0), server = Int(row["server_bytes"] ?? 0)
            print("  pass \(pass + 1): status \(Int(row["status"] ?? 0)); file \(file) bytes, body sent \(sent) bytes, nginx read \(server) bytes;"
                + " temporary files created \(Int(row["temporary_files_added"] ?? 0)), nginx body files \(Int(row["nginx_body_files_added"] ?? 0)),"
                + " other files open \(Int(row["other_open_files"] ?? 0)), disk used during \(String(format: "%.0f", row["disk_used_mib"] ?? 0)) MiB")
        }
        let clean = rows.allSatisfy { ($0["temporary_files_added"] ?? 1) <= 0 && ($0["other_open_files"] ?? 1) == 0 }
        print("  goal: no temporary file: " + (clean ? "met" : "MISSED"))
    }
}

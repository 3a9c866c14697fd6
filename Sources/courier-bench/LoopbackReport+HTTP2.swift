import Foundation

/// The goals of issue #37 in `courier-bench loopback`: HTTP/2 against h2load and against Courier's own HTTP/1.1,
/// and the CPU of a download over TLS against plain HTTP plus the cipher's own cost.
extension LoopbackReport {
    /// The HTTP/2 GET rows: Courier ÷ h2load req/s (≥ 0.5×), Courier's HTTP/2 CPU per request ÷ its HTTP/1.1
    /// figure over TLS from the same passes (≤ 1.5×).
    static func http2Goals(_ results: [LoopbackSide: [LoopbackResult]]) {
        let h2 = results[.courierSocketH2]
        ratio("SocketTransport-h2 ÷ h2load, req/s", h2, results[.h2load], \.requestsPerSecond, goal: (0.5, true))
        ratio("SocketTransport-h2 ÷ SocketTransport-https (HTTP/1.1), CPU/req", h2, results[.courierSocketHTTPS],
              \.cpuMicrosecondsPerRequest, goal: (1.5, false))
        ratio("SocketTransport-h2 ÷ SocketTransport-https (HTTP/1.1), req/s", h2, results[.courierSocketHTTPS],
              \.requestsPerSecond, goal: nil)
        cpuBound(results, .courierSocketH2, against: .h2load)
    }

    /// Per stream row: the median MB/s, CPU and RSS growth.
    static func streamSummary(_ results: [LoopbackSide: [LoopbackResult]]) {
        for side in [LoopbackSide.streamHTTP, .streamHTTPS, .streamH2] {
            guard let rows = results[side], let rate = Spread(rows.map(\.megabytesPerSecond)), let growth = Spread(rows.map(\.growthMiB)),
                  let cpu = Spread(rows.map { $0["cpu"] ?? 0 }) else { continue }
            let intact = rows.allSatisfy { ($0["intact"] ?? 0) == 1 }
            print("  median \(name(side)) \(rate.text(unit: " MB/s"))   CPU \(cpu.text(2, unit: " s"))   RSS growth \(growth.text(1, unit: " MiB"))"
                + (intact ? "" : "   BYTE COUNT WRONG"))
        }
    }

    /// The 1 GiB over HTTP/2 against HTTP/1.1 over TLS (≥ 0.8× the rate, memory bounded as HTTP/1.1's ≤ 32 MiB).
    static func http2DownloadGoals(_ results: [LoopbackSide: [LoopbackResult]]) {
        guard let h2 = results[.streamH2] else { return }
        ratio("stream h2 ÷ stream https (HTTP/1.1), MB/s", h2, results[.streamHTTPS], \.megabytesPerSecond, goal: (0.8, true))
        ratio("stream h2 ÷ stream https (HTTP/1.1), CPU", h2, results[.streamHTTPS], { $0["cpu"] ?? 0 }, goal: nil)
        if let growth = Spread(h2.map(\.growthMiB)) {
            print("  stream h2 RSS growth \(growth.text(1, unit: " MiB"))   goal ≤ 32 MiB: " + (growth.maximum <= 32 ? "met" : "MISSED"))
        }
    }

    /// HTTPS CPU ≤ plain CPU + 1.3 × the cipher's CPU for 1 GiB, pass by pass (both rows ran side by side).
    static func tlsCPUGoal(_ results: [LoopbackSide: [LoopbackResult]], cipher: (name: String, seconds: Double)?) {
        guard let cipher else { return }
        let pairs = zip(results[.streamHTTPS] ?? [], results[.streamHTTP] ?? [])
        let https = Spread(pairs.map { $0.0["cpu"] ?? 0 }), plain = Spread(pairs.map { $0.1["cpu"] ?? 0 })
        let excess = Spread(pairs.map { (($0.0["cpu"] ?? 0) - ($0.1["cpu"] ?? 0)) / cipher.seconds })
        guard let https, let plain, let excess else { print("  no stream results"); return }
        print("  openssl speed -evp \(cipher.name), 16 KiB blocks: " + String(format: "%.3f s", cipher.seconds) + " CPU per GiB")
        print("  1 GiB stream CPU: https \(https.text(2, unit: " s")), http \(plain.text(2, unit: " s")); "
            + "(https − http) ÷ openssl \(excess.text(2, unit: "×"))   goal ≤ 1.30×: "
            + (excess.median <= 1.3 ? "met" : "MISSED (median at \(String(format: "%.0f", excess.median / 1.3 * 100))% of the goal)"))
    }
}

import Foundation

/// Compares two loopback clients fairly on a shared, noisy machine: after a warm-up, three passes of
/// 10,000 requests a side, each pass 20 interleaved rounds of 500 with the order swapped every round, so a
/// slow moment lands on both sides instead of on whichever ran then. Used by `client` (Courier vs raw
/// URLSession) and `client-noise` (raw vs raw, the noise floor of the same measurement).
enum LoopbackComparison {
    static let concurrency = 8
    static let requestsPerPass = 10_000
    static let rounds = 20
    static let passes = 3

    /// One side of a comparison: its operation and the wall and CPU time it has used so far.
    ///
    /// `@unchecked Sendable` is safe: the totals are written only by `measure`, which `compare` awaits one call
    /// at a time, and read after it returns; the concurrent requests run `operation`, which touches none of them.
    final class Side: @unchecked Sendable {
        let operation: @Sendable () async throws -> Void
        private(set) var requests = 0
        private(set) var seconds = 0.0
        private(set) var cpuSeconds = 0.0

        init(_ operation: @escaping @Sendable () async throws -> Void) { self.operation = operation }

        /// Runs `count` requests and adds them to the totals.
        func measure(_ count: Int) async {
            let cpuStart = Self.processCPUSeconds()
            let rate = await LoopbackComparison.run(total: count, concurrency: LoopbackComparison.concurrency, operation)
            cpuSeconds += Self.processCPUSeconds() - cpuStart
            requests += count
            seconds += Double(count) / rate
        }

        /// Requests per second over everything measured (warm-up excluded).
        var throughput: Double { Double(requests) / seconds }
        /// Process CPU time (user + system, every thread) per request measured.
        var cpuMicrosecondsPerRequest: Double { cpuSeconds / Double(max(requests, 1)) * 1e6 }

        /// CPU seconds (user + system, every thread) this process has used.
        static func processCPUSeconds() -> Double { cpuSeconds(children: false) }

        /// User + system seconds of this process, or (`children`) of its waited-for children.
        static func cpuSeconds(children: Bool) -> Double {
            var usage = rusage()
            #if os(Linux)
            getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
            #else
            getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
            #endif
            let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
    }

    /// Warms both sides up, runs the passes, and returns each pass's throughput ratio `a ÷ b`; the sides hold
    /// the totals.
    static func compare(_ a: Side, _ b: Side) async -> [Double] {
        for _ in 0..<2 {
            _ = await run(total: 1_000, concurrency: concurrency, a.operation)
            _ = await run(total: 1_000, concurrency: concurrency, b.operation)
        }
        var ratios: [Double] = []
        for _ in 0..<passes {
            let before = (a: (a.requests, a.seconds), b: (b.requests, b.seconds))
            for round in 0..<rounds {
                for side in round.isMultiple(of: 2) ? [a, b] : [b, a] { await side.measure(requestsPerPass / rounds) }
            }
            let rateA = Double(a.requests - before.a.0) / (a.seconds - before.a.1)
            let rateB = Double(b.requests - before.b.0) / (b.seconds - before.b.1)
            ratios.append(rateA / rateB)
        }
        return ratios
    }

    /// Runs `total` operations with `concurrency` in flight; returns operations per second.
    static func run(total: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var index = worker
                    while index < total {
                        do { try await operation() } catch { print("  request failed: \(error)") }
                        index += concurrency
                    }
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(total) / seconds
    }
}

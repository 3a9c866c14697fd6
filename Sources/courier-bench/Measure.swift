import Foundation

/// Wall-clock measurement helpers shared by every suite.
enum Measure {
    /// Runs `body` `iterations` times per round for `rounds` rounds (after one warm-up round) and returns
    /// the best nanoseconds per iteration (the round least disturbed by the rest of the machine).
    static func nanosecondsPerOp(iterations: Int, rounds: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        try (0..<iterations).forEach { _ in try body() }
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { try body() }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            best = min(best, elapsed / Double(iterations))
        }
        return best
    }

    /// Async variant of `nanosecondsPerOp`.
    static func nanosecondsPerOp(iterations: Int, rounds: Int = 5, _ body: () async throws -> Void) async rethrows -> Double {
        for _ in 0..<iterations { try await body() }
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<iterations { try await body() }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            best = min(best, elapsed / Double(iterations))
        }
        return best
    }

    /// Prints one line: the case, Courier's figure, the baseline's figure and their ratio (Courier / baseline;
    /// three decimals below 1, where goals such as "0.2× JSONDecoder" are judged).
    static func report(_ caseName: String, courier: Double, baseline: Double, unit: String = "ns/op") {
        let ratio = courier / baseline
        let line = "  \(caseName.padding(toLength: 34, withPad: " ", startingAt: 0))"
            + " courier \(format(courier)) \(unit)   baseline \(format(baseline)) \(unit)   ratio \(String(format: ratio < 1 ? "%.3f" : "%.2f", ratio))×"
        print(line)
    }

    /// Prevents the optimizer from discarding a computed value.
    @inline(never)
    static func blackHole<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }
}

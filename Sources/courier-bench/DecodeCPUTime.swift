import Foundation

/// CPU-time measurement for the `decode` suite: the machine is shared, so the calling thread's CPU time
/// (`CLOCK_THREAD_CPUTIME_ID`) is a steadier figure for a single-threaded decode than wall-clock time,
/// which also counts the time other processes held the core.
enum DecodeCPUTime {
    /// The calling thread's CPU time in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs `body` `iterations` times per round for `rounds` rounds (after one warm-up round) and returns the
    /// best CPU nanoseconds per iteration.
    static func nanosecondsPerOp(iterations: Int, rounds: Int, _ body: () -> Void) -> Double {
        for _ in 0..<iterations { body() }
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = now()
            for _ in 0..<iterations { body() }
            best = min(best, Double(now() - start) / Double(iterations))
        }
        return best
    }
}

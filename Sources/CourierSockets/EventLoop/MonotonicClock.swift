#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on the monotonic clock: what deadlines and metrics are measured in (cheap, never jumps).
enum MonotonicClock {
    /// Now, in nanoseconds since an arbitrary start.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// `duration` in nanoseconds, clamped to `0...UInt64.max / 2`.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let parts = duration.components
        guard parts.seconds >= 0 else { return 0 }
        let seconds = UInt64(parts.seconds)
        guard seconds < UInt64.max / 4_000_000_000 else { return UInt64.max / 2 }
        return seconds * 1_000_000_000 + UInt64(parts.attoseconds / 1_000_000_000)
    }
}

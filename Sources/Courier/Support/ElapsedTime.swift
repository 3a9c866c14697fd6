import Foundation

extension ContinuousClock {
    /// The seconds elapsed since `start`, as a `TimeInterval` (for `Response.duration` and log events).
    static func seconds(since start: Instant) -> TimeInterval {
        // One division of the two attosecond counts (`Duration / Duration`), not `components`' 128-bit division.
        (now - start) / .seconds(1)
    }
}

import Foundation

extension ContinuousClock {
    /// The seconds elapsed since `start`, as a `TimeInterval` (for `Response.duration` and log events).
    static func seconds(since start: Instant) -> TimeInterval {
        let elapsed = now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

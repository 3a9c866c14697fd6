import Foundation

/// When and how often a request is sent again: the one set of rules for retries, event-stream reconnects and
/// resumed downloads.
///
/// Only idempotent methods, or requests carrying an `Idempotency-Key` header, are sent again
/// (`allowsResending`); a cancelled request never is. Delays grow exponentially with full jitter (`backoff`), a
/// server's `Retry-After` (seconds or HTTP-date) is honoured up to `maximumDelay`, and no attempt starts after
/// `deadline` has passed since the first one (measured on the monotonic clock).
///
/// The default: 3 attempts, a first retry after up to 0.5 s, delays capped at 30 s, no attempt after 60 s, on
/// 408, 429, 500, 502, 503, 504 and on `isTransient` failures. `RetryPolicy.never` turns retrying off.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first (1 disables retrying).
    public var maxAttempts: Int
    /// The base delay before the first retry; attempt `n` waits a random time in `0...base * 2^(n-1)`.
    public var baseDelay: Duration
    /// The longest single delay, including one asked for by `Retry-After`.
    public var maximumDelay: Duration
    /// The longest time from the first attempt after which no new attempt starts, or `nil` for no limit.
    public var deadline: Duration?
    /// Status codes that are retried.
    public var retryableStatusCodes: Set<Int>

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        deadline: Duration? = .seconds(60),
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maximumDelay = max(.zero, maximumDelay)
        self.deadline = deadline
        self.retryableStatusCodes = retryableStatusCodes
    }

    /// Never retry.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Three attempts, 0.5 s base delay, 30 s cap, 60 s deadline.
    public static let `default` = RetryPolicy()

    /// The longest single delay whatever a policy says (one day).
    public static let longestDelay: Duration = .seconds(86_400)

    /// Whether a request with `method` and `headers` may be sent twice without repeating a side effect: an
    /// idempotent method, or an `Idempotency-Key` header.
    public static func allowsResending(_ method: HTTPMethod, headers: HTTPHeaders) -> Bool {
        method.isIdempotent || headers.contains("Idempotency-Key")
    }

    /// Whether `error` is a transient transport failure worth another attempt: a timeout, a lost connection or
    /// one that could not be made. The one definition of "transient" in the client.
    public static func isTransient(_ error: NetworkError) -> Bool {
        guard case .transport(let failure) = error else { return false }
        switch failure.kind {
        case .timedOut, .connectionLost, .cannotConnect: return true
        default: return false
        }
    }

    /// The delay before retry `attempt` (1 for the first retry): a random time in
    /// `0...min(maximumDelay, baseDelay × 2^(attempt-1))`, never over `longestDelay`; `random(upperBound)` returns
    /// a number in `0...upperBound` (the jitter).
    public func backoff(attempt: Int, random: (Double) -> Double = { Double.random(in: 0...$0) }) -> Duration {
        let exponent = Double(min(max(attempt - 1, 0), 62))
        let ceiling = min(Self.seconds(maximumDelay), Self.seconds(baseDelay) * pow(2, exponent), Self.seconds(Self.longestDelay))
        guard ceiling > 0 else { return .zero }
        return .seconds(min(ceiling, max(0, random(ceiling))))
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `delay` clamped to `maximumDelay` and `longestDelay`.
    public func clamped(_ delay: Duration) -> Duration {
        min(delay, maximumDelay, Self.longestDelay)
    }
}

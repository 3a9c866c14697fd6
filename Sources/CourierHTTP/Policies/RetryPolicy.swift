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
///
/// Retrying is on by default because most failures of a mobile or cloud client are brief (a dropped
/// connection, a server restarting); the price is that a failing call takes longer to fail: with a 1 s timeout,
/// three timed-out attempts plus their delays. Turn it off for calls a user is waiting on interactively, or
/// where the server must not see a request twice.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first (default 3; 1 disables retrying; lower values become 1).
    public var maxAttempts: Int
    /// The base delay before the first retry (default 0.5 s); retry `n` waits a random time in
    /// `0...base * 2^(n-1)`. The randomness spreads out clients that failed together, so they do not return in
    /// step and overload a recovering server.
    public var baseDelay: Duration
    /// The longest single delay, including one asked for by `Retry-After` (default 30 s): a server asking for an
    /// hour does not hold the call for an hour.
    public var maximumDelay: Duration
    /// The longest time from the first attempt after which no new attempt starts, or `nil` for no limit (default
    /// 60 s): a retry whose delay would end past it is not made, and the last response or error is returned.
    public var deadline: Duration?
    /// Status codes that are retried (default 408, 429, 500, 502, 503, 504: statuses that say "try again",
    /// or a gateway or server that may recover). Other statuses are final.
    public var retryableStatusCodes: Set<Int>

    /// Creates a policy; negative durations become zero and `maxAttempts` at least 1, so no value can make
    /// the client loop or wait a negative time.
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

    /// Never retry: one attempt. For interactive calls that should fail fast, or requests the server must not
    /// see twice.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Three attempts, 0.5 s base delay, 30 s cap, 60 s deadline: what every request gets unless its endpoint or
    /// the client's configuration says otherwise.
    public static let `default` = RetryPolicy()

    /// The longest single delay whatever a policy says (one day), so a huge `Retry-After` or `maximumDelay`
    /// cannot overflow the sleep.
    public static let longestDelay: Duration = .seconds(86_400)

    /// Whether a request with `method` and `headers` may be sent twice without repeating a side effect: an
    /// idempotent method, or an `Idempotency-Key` header (a server that honours the key drops the duplicate).
    /// A `POST` is not resent without one, because a lost response does not mean the server did nothing.
    public static func allowsResending(_ method: HTTPMethod, headers: HTTPHeaders) -> Bool {
        method.isIdempotent || headers.contains("Idempotency-Key")
    }

    /// Whether `error` is a transient transport failure worth another attempt: a timeout, a lost connection or
    /// one that could not be made. The one definition of "transient" in the client. TLS, redirect and protocol
    /// failures are not transient: another attempt would fail the same way.
    public static func isTransient(_ error: NetworkError) -> Bool {
        guard case .transport(let failure) = error else { return false }
        switch failure.kind {
        case .timedOut, .connectionLost, .cannotConnect: return true
        default: return false
        }
    }

    /// The delay before retry `attempt` (1 for the first retry): a random time in
    /// `0...min(maximumDelay, baseDelay × 2^(attempt-1))`, never over `longestDelay`; `random(upperBound)` returns
    /// a number in `0...upperBound` (the jitter; tests pass a fixed one).
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

    /// `delay` clamped to `maximumDelay` and `longestDelay`: how a server's `Retry-After` is bounded.
    public func clamped(_ delay: Duration) -> Duration {
        min(delay, maximumDelay, Self.longestDelay)
    }
}

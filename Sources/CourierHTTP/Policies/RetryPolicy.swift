import Foundation

/// When and how often a failed request is retried (used by `RetryInterceptor`).
///
/// Only idempotent methods, or requests carrying an `Idempotency-Key` header, are retried; a cancelled request
/// never is. Delays grow exponentially with full jitter, a server's `Retry-After` (seconds or HTTP-date) is
/// honoured up to `maximumDelay`, and no attempt starts after `deadline` has passed since the first one.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first (1 disables retrying).
    public var maxAttempts: Int
    /// The base delay before the first retry; attempt `n` waits a random time in `0...base * 2^(n-1)`.
    public var baseDelay: TimeInterval
    /// The longest single delay, including one asked for by `Retry-After`.
    public var maximumDelay: TimeInterval
    /// The longest time from the first attempt after which no new attempt starts, or `nil` for no limit.
    public var deadline: TimeInterval?
    /// Status codes that are retried.
    public var retryableStatusCodes: Set<Int>

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3,
        baseDelay: TimeInterval = 0.5,
        maximumDelay: TimeInterval = 30,
        deadline: TimeInterval? = 60,
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.deadline = deadline
        self.retryableStatusCodes = retryableStatusCodes
    }

    /// Never retry.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Three attempts, 0.5 s base delay, 30 s cap, 60 s deadline.
    public static let `default` = RetryPolicy()
}

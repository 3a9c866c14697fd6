import CourierHTTP
import Foundation

/// Retries failed requests according to `request.retryPolicy`: the one loop in the client that waits and resends.
///
/// - Only idempotent methods (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`) or requests carrying an
///   `Idempotency-Key` header are retried; a cancelled request never is.
/// - Retried: responses with one of the policy's status codes (inside the stack a status is always a response),
///   and the transient transport failures `timedOut`, `connectionLost` and `cannotConnect`.
/// - The delay before retry `n` is a random time in `0...min(maximumDelay, baseDelay × 2^(n-1))` (exponential
///   backoff with full jitter), unless the response has `Retry-After` (seconds or HTTP-date), which is used
///   instead, clamped to `maximumDelay` (and to one day, whatever the policy says).
/// - No attempt starts once the policy's `deadline` (from the first attempt) would be passed by the delay;
///   the last response or error is returned instead.
/// - Each attempt sends the same `HTTPRequest`; `.file` and `.stream` bodies are re-opened from their source
///   by the transport, so replays send the full body.
///
/// A built-in member of every client's stack, just below the application interceptors (which therefore see
/// each call once) and above the network interceptors (which see every attempt).
package struct RetryInterceptor: Interceptor {
    private let clock: RetryClock

    /// Creates the interceptor; `clock` is injected by tests.
    package init(clock: RetryClock = .system) {
        self.clock = clock
    }

    /// Sends `request`, retrying as `request.retryPolicy` allows, so a transient failure does not reach
    /// the caller.
    package func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let policy = request.retryPolicy
        guard policy.maxAttempts > 1, Self.isRetryable(request) else { return try await next(request) }
        if Task.isCancelled { throw NetworkError.cancelled }
        // Read only when the policy has a `deadline` (which counts from the first attempt).
        let start = policy.deadline == nil ? nil : clock.now()
        var attempt = 1
        while true {
            let delay: TimeInterval
            do {
                let response = try await next(request)
                guard attempt < policy.maxAttempts, policy.retryableStatusCodes.contains(response.statusCode) else {
                    return response
                }
                delay = retryDelay(after: response.headers, attempt: attempt, policy: policy)
                guard fitsDeadline(delay, start: start, policy: policy) else { return response }
                response.body.discard()
            } catch let error as NetworkError where attempt < policy.maxAttempts && Self.isTransient(error) && !Task.isCancelled {
                delay = backoff(attempt: attempt, policy: policy)
                guard fitsDeadline(delay, start: start, policy: policy) else { throw error }
            }
            do {
                try await clock.sleep(delay)
            } catch {
                throw NetworkError.cancelled
            }
            attempt += 1
            if Task.isCancelled { throw NetworkError.cancelled }
        }
    }

    /// `Retry-After` when the response has one, else the backoff for `attempt`.
    private func retryDelay(after headers: HTTPHeaders, attempt: Int, policy: RetryPolicy) -> TimeInterval {
        Self.retryAfter(headers, now: clock.now()).map { min($0, policy.maximumDelay, Self.longestDelay) }
            ?? backoff(attempt: attempt, policy: policy)
    }

    /// Whether a request may be sent twice without repeating a side effect.
    static func isRetryable(_ request: HTTPRequest) -> Bool {
        request.method.isIdempotent || request.headers.contains("Idempotency-Key")
    }

    /// Whether `error` is a transient transport failure worth another attempt.
    static func isTransient(_ error: NetworkError) -> Bool {
        guard case .transport(let failure) = error else { return false }
        switch failure.kind {
        case .timedOut, .connectionLost, .cannotConnect: return true
        default: return false
        }
    }

    /// The delay asked for by a `Retry-After` header (delta-seconds or HTTP-date), or `nil`.
    package static func retryAfter(_ headers: HTTPHeaders, now: Date) -> TimeInterval? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            return TimeInterval(value).map { max(0, $0) }
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    private func backoff(attempt: Int, policy: RetryPolicy) -> TimeInterval {
        let exponent = Double(min(attempt - 1, 62))
        let ceiling = min(policy.maximumDelay, policy.baseDelay * pow(2, exponent))
        guard ceiling > 0 else { return 0 }   // also NaN
        // The cap keeps the jitter range finite: `Double.random(in:)` traps on an infinite one.
        let bounded = min(ceiling, Self.longestDelay)
        return min(bounded, max(0, clock.random(bounded)))
    }

    /// The longest single delay whatever the policy says (one day), so that no delay is infinite.
    static let longestDelay: TimeInterval = 86_400

    private func fitsDeadline(_ delay: TimeInterval, start: Date?, policy: RetryPolicy) -> Bool {
        guard let deadline = policy.deadline, let time = start else { return true }
        return clock.now().timeIntervalSince(time) + delay < deadline
    }
}

/// Time and randomness as seen by `RetryInterceptor`; tests inject a fake one.
package struct RetryClock: Sendable {
    /// The current time (for deadlines and `Retry-After` dates).
    package var now: @Sendable () -> Date
    /// Waits `seconds`; throws when the task is cancelled.
    package var sleep: @Sendable (_ seconds: TimeInterval) async throws -> Void
    /// A random number in `0...upperBound` (the jitter).
    package var random: @Sendable (_ upperBound: Double) -> Double

    /// Creates a clock from its three functions.
    package init(
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (_ seconds: TimeInterval) async throws -> Void,
        random: @escaping @Sendable (_ upperBound: Double) -> Double
    ) {
        self.now = now
        self.sleep = sleep
        self.random = random
    }

    /// The wall clock, `Task.sleep`, and the system random generator.
    package static let system = RetryClock(
        now: { Date() },
        sleep: { seconds in
            guard seconds > 0 else { return }
            try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
        },
        random: { upperBound in Double.random(in: 0...upperBound) }
    )
}

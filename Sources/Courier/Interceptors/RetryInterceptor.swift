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
        guard policy.maxAttempts > 1, RetryPolicy.allowsResending(request.method, headers: request.headers) else {
            return try await next(request)
        }
        if Task.isCancelled { throw NetworkError.cancelled }
        // Read only when the policy has a `deadline` (which counts from the first attempt).
        let start = policy.deadline == nil ? nil : clock.now()
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await next(request)
                guard attempt < policy.maxAttempts, policy.retryableStatusCodes.contains(response.statusCode) else {
                    return response
                }
                delay = Self.retryAfter(response.headers, now: clock.date()).map(policy.clamped)
                    ?? policy.backoff(attempt: attempt, random: clock.random)
                guard fitsDeadline(delay, start: start, policy: policy) else { return response }
                response.body.discard()
            } catch let error as NetworkError
                where attempt < policy.maxAttempts && RetryPolicy.isTransient(error) && !Task.isCancelled {
                delay = policy.backoff(attempt: attempt, random: clock.random)
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

    /// The delay asked for by a `Retry-After` header (delta-seconds or HTTP-date, compared with `now`), or `nil`.
    package static func retryAfter(_ headers: HTTPHeaders, now: Date) -> Duration? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Digits only; a value past `Int` is longer than any delay kept.
            return Int(value).map { .seconds(min($0, 86_400)) } ?? RetryPolicy.longestDelay
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .seconds(min(seconds, 86_400)) : .zero
    }

    private func fitsDeadline(_ delay: Duration, start: ContinuousClock.Instant?, policy: RetryPolicy) -> Bool {
        guard let deadline = policy.deadline, let start else { return true }
        return clock.now() - start + delay < deadline
    }
}

/// Time and randomness as seen by `RetryInterceptor`; tests inject a fake one.
package struct RetryClock: Sendable {
    /// The monotonic time deadlines are measured on.
    package var now: @Sendable () -> ContinuousClock.Instant
    /// The wall-clock time `Retry-After` dates are compared with.
    package var date: @Sendable () -> Date
    /// Waits `delay`; throws when the task is cancelled.
    package var sleep: @Sendable (_ delay: Duration) async throws -> Void
    /// A random number in `0...upperBound` (the jitter).
    package var random: @Sendable (_ upperBound: Double) -> Double

    /// Creates a clock from its four functions.
    package init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        date: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (_ delay: Duration) async throws -> Void,
        random: @escaping @Sendable (_ upperBound: Double) -> Double
    ) {
        self.now = now
        self.date = date
        self.sleep = sleep
        self.random = random
    }

    /// `ContinuousClock`, the wall clock for dates, `Task.sleep`, and the system random generator.
    package static let system = RetryClock(
        now: { ContinuousClock.now },
        date: { Date() },
        sleep: { delay in
            guard delay > .zero else { return }
            try await Task.sleep(for: delay)
        },
        random: { upperBound in Double.random(in: 0...upperBound) }
    )
}

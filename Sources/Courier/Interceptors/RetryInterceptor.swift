import CourierHTTP
import Foundation

/// Retries failed requests according to `request.retryPolicy`.
///
/// - Only idempotent methods (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`) or requests carrying an
///   `Idempotency-Key` header are retried; a cancelled request never is.
/// - Retried: the policy's status codes (a thrown `NetworkError.httpStatus`, or a response when this interceptor
///   is placed above `ValidationInterceptor`), and the transient transport failures `timedOut`,
///   `connectionLost` and `cannotConnect`.
/// - The delay before retry `n` is a random time in `0...min(maximumDelay, baseDelay × 2^(n-1))` (exponential
///   backoff with full jitter), unless the response has `Retry-After` (seconds or HTTP-date), which is used
///   instead, clamped to `maximumDelay` (and to one day, whatever the policy says).
/// - No attempt starts once the policy's `deadline` (from the first attempt) would be passed by the delay;
///   the last response or error is returned instead.
/// - Each attempt sends the same `HTTPRequest`; `.file` and `.stream` bodies are re-opened from their source
///   by the transport, so replays send the full body.
///
/// A built-in member of every client's stack, just below the user's interceptors; put one in
/// `Configuration.interceptors` yourself to place it elsewhere.
public struct RetryInterceptor: Interceptor {
    private let clock: RetryClock

    /// Creates the interceptor; the client adds one itself, so create it only to place it (say, before a
    /// `LoggingInterceptor` in `configuration.interceptors`, so every attempt is logged).
    public init() {
        self.init(clock: .system)
    }

    /// Creates the interceptor with an injected clock and random source (for tests).
    package init(clock: RetryClock) {
        self.clock = clock
    }

    /// Sends `request`, retrying as `request.retryPolicy` allows, so a transient failure does not reach
    /// the caller.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        guard let start = try begin(request) else { return try await next(request) }
        let first: Result<HTTPResponse, any Error>
        do { first = .success(try await next(request)) } catch { first = .failure(error) }
        if case .success(let response) = first, Self.isFinal(response, of: request) { return response }
        return try await retrying(request, after: first, start: start, next: next)
    }

    /// The start of a request that may be retried.
    struct Start {
        /// When the first attempt started, read only when the policy has a `deadline` (which counts from it):
        /// most requests need no clock read here.
        let time: Date?
    }

    /// When `request` may be retried, its `Start`, after checking that the task is not cancelled; `nil` when it
    /// has one attempt only.
    ///
    /// - Throws: `NetworkError.cancelled`.
    func begin(_ request: HTTPRequest) throws(NetworkError) -> Start? {
        let policy = request.retryPolicy
        guard policy.maxAttempts > 1, Self.isRetryable(request) else { return nil }
        let start = Start(time: policy.deadline == nil ? nil : clock.now())
        if Task.isCancelled { throw NetworkError.cancelled }
        return start
    }

    /// Whether `response`, the answer to the first attempt, ends the exchange (its status is not one the policy
    /// retries): the check that lets most responses skip `retrying`.
    @inline(__always)
    static func isFinal(_ response: HTTPResponse, of request: HTTPRequest) -> Bool {
        !request.retryPolicy.retryableStatusCodes.contains(response.statusCode)
    }

    /// Retries `request` after its first attempt ended in `first`, as the policy allows, and returns the last
    /// response or throws the last error; `start` is `begin`'s.
    func retrying(
        _ request: HTTPRequest, after first: Result<HTTPResponse, any Error>, start: Start, next: Next
    ) async throws -> HTTPResponse {
        let policy = request.retryPolicy
        var outcome = first
        var attempt = 1
        while true {
            let delay: TimeInterval
            switch outcome {
            case .success(let response):
                guard attempt < policy.maxAttempts, policy.retryableStatusCodes.contains(response.statusCode) else {
                    return response
                }
                delay = retryDelay(after: response.headers, attempt: attempt, policy: policy)
                guard fitsDeadline(delay, start: start, policy: policy) else { return response }
                response.body.discard()
            case .failure(let error):
                let failure = error as? NetworkError
                guard attempt < policy.maxAttempts, !Task.isCancelled else { throw error }
                if case .httpStatus(let status)? = failure, policy.retryableStatusCodes.contains(status.statusCode) {
                    delay = retryDelay(after: status.headers, attempt: attempt, policy: policy)
                } else if let failure, Self.isTransient(failure) {
                    delay = backoff(attempt: attempt, policy: policy)
                } else {
                    throw error
                }
                guard fitsDeadline(delay, start: start, policy: policy) else { throw error }
            }
            do {
                try await clock.sleep(delay)
            } catch {
                throw NetworkError.cancelled
            }
            attempt += 1
            if Task.isCancelled { throw NetworkError.cancelled }
            do { outcome = .success(try await next(request)) } catch { outcome = .failure(error) }
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

    private func fitsDeadline(_ delay: TimeInterval, start: Start, policy: RetryPolicy) -> Bool {
        guard let deadline = policy.deadline, let time = start.time else { return true }
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

/// Lets identical `GET` requests in flight at the same time share one response.
///
/// Requests are identical when URL and header fields are equal. The first caller sends the request; callers
/// arriving while it is in flight wait for its result (response or error, including the first caller's
/// cancellation) instead of sending their own. Other methods pass through untouched.
///
/// ```swift
/// configuration.interceptors = [CoalescingInterceptor()]
/// ```
public struct CoalescingInterceptor: Interceptor {
    private let registry = CoalescingRegistry()

    /// Creates the interceptor.
    public init() {}

    /// Joins an identical `GET` in flight, or sends it and shares the result.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        guard request.method == .get, request.body == nil else { return try await next(request) }
        let key = CoalescingKey(url: request.url.absoluteString, headers: request.headers)
        if let shared = try await registry.join(key) { return shared }
        let result: Result<HTTPResponse, any Error>
        do {
            result = .success(try await next(request))
        } catch {
            result = .failure(error)
        }
        await registry.finish(key, with: result)
        return try result.get()
    }
}

struct CoalescingKey: Hashable, Sendable {
    let url: String
    let headers: HTTPHeaders
}

/// The shared requests in flight and the callers waiting for them.
actor CoalescingRegistry {
    private var waiters: [CoalescingKey: [CheckedContinuation<HTTPResponse, any Error>]] = [:]

    /// Waits for the identical request in flight and returns its response, or returns `nil` (after marking
    /// the request as in flight) when the caller should send it.
    func join(_ key: CoalescingKey) async throws -> HTTPResponse? {
        guard waiters[key] != nil else {
            waiters[key] = []
            return nil
        }
        return try await withCheckedThrowingContinuation { continuation in
            waiters[key, default: []].append(continuation)
        }
    }

    /// Hands `result` to every caller waiting on `key`.
    func finish(_ key: CoalescingKey, with result: Result<HTTPResponse, any Error>) {
        let waiting = waiters.removeValue(forKey: key) ?? []
        for continuation in waiting { continuation.resume(with: result) }
    }
}

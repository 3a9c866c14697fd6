import CourierHTTP
/// Lets identical `GET` requests in flight at the same time share one response.
///
/// Only buffered bodies are shared (`ResponseBodyMode.buffered`): streams (`client.stream`, `lines`, `events`) and
/// downloads to a file pass through untouched, as do other methods. Requests are identical when URL, header
/// fields and body limit are equal. The first caller sends the request; callers
/// arriving while it is in flight wait for its result (response or error) instead of sending their own. When
/// the caller that sent it is cancelled, the waiting callers carry on: one of them sends the request again. A
/// waiting caller that is cancelled stops waiting at once with `NetworkError.cancelled`.
///
/// ```swift
/// configuration.interceptors = [CoalescingInterceptor()]
/// ```
public struct CoalescingInterceptor: Interceptor {
    private let registry = CoalescingRegistry()
    private let onJoin: (@Sendable () -> Void)?

    /// Creates the interceptor; it is not a built-in (coalescing changes what callers see), so add it to
    /// `configuration.interceptors` where several parts of an app fetch the same resource at once.
    public init() {
        onJoin = nil
    }

    /// Creates the interceptor; `onJoin` hears of each caller that joins a request in flight (for tests).
    package init(onJoin: @escaping @Sendable () -> Void) {
        self.onJoin = onJoin
    }

    /// Joins an identical buffered `GET` in flight, or sends it and shares the result; every caller gets the
    /// same response or the same error, so one failure fails all of them.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        guard request.method == .get, request.body == nil, case .buffered(let limit) = request.responseBodyMode else {
            return try await next(request)
        }
        let key = CoalescingKey(url: request.url.absoluteString, headers: request.headers, limit: limit)
        while let shared = await registry.join(key) {
            onJoin?()
            do {
                return try await shared.value()
            } catch NetworkError.cancelled where !Task.isCancelled {
                // The caller that sent it was cancelled, not this one: join or send anew.
                continue
            }
        }
        let result: Result<HTTPResponse, any Error>
        do {
            // Every caller gets the same bytes: the body is read once, here, within the request's size limit.
            var response = try await next(request)
            response.body = ResponseBody(try await response.body.collect(upTo: limit))
            result = .success(response)
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
    let limit: Int
}

/// The shared requests in flight.
actor CoalescingRegistry {
    private var inFlight: [CoalescingKey: SharedResult<HTTPResponse>] = [:]

    /// The result to wait for when an identical request is in flight; otherwise `nil`, after marking the
    /// caller's request as in flight (the caller then sends it and calls `finish`).
    func join(_ key: CoalescingKey) -> SharedResult<HTTPResponse>? {
        if let shared = inFlight[key] { return shared }
        inFlight[key] = SharedResult()
        return nil
    }

    /// Hands `result` to every caller waiting on `key`.
    func finish(_ key: CoalescingKey, with result: Result<HTTPResponse, any Error>) {
        inFlight.removeValue(forKey: key)?.finish(result)
    }
}

import CourierHTTP
/// Adds an access token to each request, and on `401` refreshes it once and replays the request once.
///
/// Refreshes are single-flight: when many requests are rejected at the same time, the first starts one
/// `TokenProvider.refreshToken(rejected:)` and every other waits for that same refresh, then each replays
/// once with the new token. A request rejected with a token that was already replaced (the provider's
/// `currentToken()` is another one by now) replays with that one without refreshing. If the refresh fails, every waiting request fails with
/// `AuthenticationFailure`. A `401` on the replay fails as any other status does (`NetworkError.httpStatus`).
/// A request that already carries the header (set by its endpoint) is passed on untouched.
///
/// ```swift
/// configuration.interceptors = [AuthInterceptor(tokenProvider: tokens)]   // Authorization: Bearer <token>
/// ```
public struct AuthInterceptor: Interceptor {
    /// The header the token goes into.
    let headerName: String
    /// The scheme written before the token (`Bearer`), or `nil` to send the bare token.
    let scheme: String?
    private let coordinator: TokenRefreshCoordinator

    /// Creates the interceptor; `headerName` and `scheme` cover APIs that want `X-API-Key: <token>` or a
    /// bare token instead of `Authorization: Bearer <token>`. Put it in `Configuration.interceptors` (as
    /// above), where it runs once per call, above the built-in retries and redirects.
    public init(tokenProvider: any TokenProvider, headerName: String = "Authorization", scheme: String? = "Bearer") {
        self.headerName = headerName
        self.scheme = scheme
        self.coordinator = TokenRefreshCoordinator(provider: tokenProvider)
    }

    /// Sends `request` with the current token; on `401`, refreshes (single flight) and replays once. Only
    /// once, so a server that rejects every token cannot loop; the second `401` reaches the caller as
    /// `NetworkError.httpStatus`, and a failed refresh as ``AuthenticationFailure``.
    public func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        if request.headers.contains(headerName) { return try await next(request) }
        let token = try await coordinator.currentToken()
        let response = try await next(authorized(request, token: token))
        guard response.statusCode == 401 else { return response }
        response.body.discard()
        // Rejected: refresh once (shared with concurrent requests) and replay.
        let fresh = try await coordinator.refresh(rejected: token)
        return try await next(authorized(request, token: fresh))
    }

    private func authorized(_ request: HTTPRequest, token: String?) -> HTTPRequest {
        guard let token else { return request }
        var request = request
        request.headers[headerName] = scheme.map { "\($0) \(token)" } ?? token
        return request
    }
}

/// Holds the refresh in flight so that concurrent `401`s share one.
///
/// The refresh runs in its own task, so a waiter that is cancelled (even the one that started it) stops
/// waiting at once with `NetworkError.cancelled` while the refresh goes on for the others.
actor TokenRefreshCoordinator {
    private let provider: any TokenProvider
    private var inFlight: SharedResult<String>?

    init(provider: any TokenProvider) {
        self.provider = provider
    }

    /// The token to send: waits for a refresh in flight, else asks the provider.
    func currentToken() async throws -> String? {
        if let inFlight { return try await inFlight.value() }
        return try await provider.currentToken()
    }

    /// A token other than `rejected`: the one in flight, the provider's current one when it already differs
    /// (a refresh finished meanwhile, or a new login), or a new one.
    func refresh(rejected: String?) async throws -> String {
        if let inFlight { return try await inFlight.value() }
        let shared = SharedResult<String>()
        inFlight = shared
        let provider = self.provider
        Task {   // isolated to this actor; only the provider's calls leave it
            let result: Result<String, any Error>
            do {
                if let current = try await provider.currentToken(), current != rejected {
                    result = .success(current)
                } else {
                    result = .success(try await provider.refreshToken(rejected: rejected))
                }
            } catch let error as AuthenticationFailure {
                result = .failure(error)
            } catch {
                result = .failure(AuthenticationFailure(message: String(describing: error)))
            }
            self.settle(shared, with: result)
        }
        return try await shared.value()
    }

    /// Ends the refresh in flight and hands its outcome to the waiters.
    private func settle(_ shared: SharedResult<String>, with result: Result<String, any Error>) {
        if inFlight === shared { inFlight = nil }
        shared.finish(result)
    }
}

import Foundation

/// Sends a `CookieJar`'s cookies with every request and stores the `Set-Cookie` fields of every response that
/// comes back, whatever its status.
///
/// A `Cookie` header the request already has is kept, with the jar's cookies after it (`mine=1; a=2`).
package struct CookieInterceptor: Interceptor {
    /// The jar read and filled.
    package let jar: CookieJar
    /// The time cookies are matched and stored at.
    package let now: @Sendable () -> Date

    /// An interceptor over `jar`; `now` is the clock (the jar's unless given).
    package init(jar: CookieJar, now: (@Sendable () -> Date)? = nil) {
        self.jar = jar
        self.now = now ?? jar.clock
    }

    /// Adds the cookies, passes the request on, and stores the response's cookies.
    package func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let response: HTTPResponse
        if let withCookies = addingCookies(to: request) {
            response = try await next(withCookies)
        } else {
            response = try await next(request)
        }
        jar.receive(response.headers, from: response.url ?? request.url, now: now())
        return response
    }

    /// `request` with the jar's cookies for its URL after any `Cookie` header it has, or `nil` when the jar has
    /// none for it: most requests go out as they came, not copied.
    func addingCookies(to request: HTTPRequest) -> HTTPRequest? {
        guard let header = jar.cookieHeader(for: request.url, now: now()) else { return nil }
        var request = request
        let own = request.headers.values(for: "Cookie")
        request.headers["Cookie"] = (own + [header]).joined(separator: "; ")
        return request
    }
}

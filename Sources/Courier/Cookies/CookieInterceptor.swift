import Foundation

/// Sends a `CookieJar`'s cookies with every request and stores the `Set-Cookie` fields of every response that
/// comes back — also of a failing status thrown as `NetworkError.httpStatus` by a `ValidationInterceptor` below.
///
/// A `Cookie` header the request already has is kept, with the jar's cookies after it (`mine=1; a=2`).
package struct CookieInterceptor: Interceptor {
    /// The jar read and filled.
    package let jar: CookieJar
    /// The time cookies are matched and stored at.
    package let now: @Sendable () -> Date

    /// An interceptor over `jar`; `now` is the clock (injected by tests).
    package init(jar: CookieJar, now: @escaping @Sendable () -> Date = { Date() }) {
        self.jar = jar
        self.now = now
    }

    /// Adds the cookies, passes the request on, and stores the response's cookies.
    @inline(__always)   // into the stack's link closure (`InterceptorStack.link`): one async frame, not two
    package func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        do {
            let response: HTTPResponse
            if let withCookies = addingCookies(to: request) {
                response = try await next(withCookies)
            } else {
                response = try await next(request)
            }
            store(response, of: request)
            return response
        } catch let error as NetworkError {
            store(error, of: request)
            throw error
        }
    }

    /// `request` with the jar's cookies for its URL after any `Cookie` header it has, or `nil` when the jar has
    /// none for it: most requests go out as they came, not copied.
    @inline(__always)
    func addingCookies(to request: HTTPRequest) -> HTTPRequest? {
        guard let header = jar.cookieHeader(for: request.url, now: now()) else { return nil }
        var request = request
        let own = request.headers.values(for: "Cookie")
        request.headers["Cookie"] = (own + [header]).joined(separator: "; ")
        return request
    }

    /// Stores the `Set-Cookie` fields of `response`, the answer to `request`.
    @inline(__always)
    func store(_ response: HTTPResponse, of request: HTTPRequest) {
        jar.receive(response.headers, from: response.url ?? request.url, now: now())
    }

    /// Stores the `Set-Cookie` fields of a failing status thrown below (`NetworkError.httpStatus`); other
    /// errors carry no fields.
    func store(_ error: NetworkError, of request: HTTPRequest) {
        if case .httpStatus(let failure) = error { jar.receive(failure.headers, from: request.url, now: now()) }
    }
}

import CourierHTTP

/// The built-ins of a default stack — `RetryInterceptor`, `ValidationInterceptor`, `RedirectInterceptor`,
/// `CookieInterceptor` (when the client has a jar), `ResponseBufferingInterceptor` — and the transport, run as
/// one async function: each member's usual work is a synchronous step around the one `await` of the transport,
/// instead of an async call per member.
///
/// The steps are the members' own (`RetryInterceptor.begin`, `CookieInterceptor.addingCookies`,
/// `ResponseBufferingInterceptor.buffered`, `RedirectInterceptor.followed`, `ValidationInterceptor.validated`),
/// called in the stack's order, so the rules stay in one place. What is not the usual case leaves for the
/// members' regular chain: a retry sends its later attempts through `belowRetry`, a redirect its hops through
/// `belowRedirect` (both are the links the stack builds for the members below).
///
/// A final class, not a struct: the stack reads it once per request, and a reference costs one retain where
/// a copy of its eight members would cost one each.
final class BuiltInTail: Sendable {
    let retry: RetryInterceptor
    let redirect: RedirectInterceptor
    let cookies: CookieInterceptor?
    let transport: any Transport
    /// The stack's chain from `ValidationInterceptor` down: where attempts after the first go.
    let belowRetry: Interceptor.Next
    /// The stack's chain below `RedirectInterceptor`: where each redirect hop goes.
    let belowRedirect: Interceptor.Next

    init(
        retry: RetryInterceptor, redirect: RedirectInterceptor, cookies: CookieInterceptor?, transport: any Transport,
        belowRetry: @escaping Interceptor.Next, belowRedirect: @escaping Interceptor.Next
    ) {
        self.retry = retry
        self.redirect = redirect
        self.cookies = cookies
        self.transport = transport
        self.belowRetry = belowRetry
        self.belowRedirect = belowRedirect
    }

    /// The members' types in stack order, `CookieInterceptor` only when `hasCookies`; a stack whose last members
    /// are these (by type) runs them as a `BuiltInTail`.
    static func pattern(hasCookies: Bool) -> [any Interceptor.Type] {
        var types: [any Interceptor.Type] = [RetryInterceptor.self, ValidationInterceptor.self, RedirectInterceptor.self]
        if hasCookies { types.append(CookieInterceptor.self) }
        types.append(ResponseBufferingInterceptor.self)
        return types
    }

    /// Runs `request` through the members and the transport, as the chain of them would.
    @inline(__always)   // into the stack's link closure: one async frame for the whole tail
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let start = try retry.begin(request) else { return try await attempt(request) }
        // The response is returned as it came (moved, not copied out of a `Result`) when it is final.
        let response: HTTPResponse
        do {
            response = try await attempt(request)
        } catch {
            return try await retry.retrying(request, after: .failure(error), start: start, next: belowRetry)
        }
        if RetryInterceptor.isFinal(response, of: request) { return response }
        return try await retry.retrying(request, after: .success(consume response), start: start, next: belowRetry)
    }

    /// One attempt: validation, redirects, cookies, buffering and the transport.
    @inline(__always)
    private func attempt(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response: HTTPResponse
        if let cookies {
            do {
                if let withCookies = cookies.addingCookies(to: request) {
                    response = try await exchange(withCookies)
                } else {
                    response = try await exchange(request)
                }
            } catch let error as NetworkError {
                cookies.store(error, of: request)
                throw error
            }
            cookies.store(response, of: request)
        } else {
            response = try await exchange(request)
        }
        // `consume`: each step takes the response over (a move, not a copy of its fields).
        let final = try await redirect.followed(consume response, of: request, next: belowRedirect)
        return try await ValidationInterceptor.validated(consume final, for: request)
    }

    /// The transport's response with its body buffered.
    @inline(__always)
    private func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await ResponseBufferingInterceptor.buffered(InterceptorStack.send(request, over: transport), for: request)
    }
}

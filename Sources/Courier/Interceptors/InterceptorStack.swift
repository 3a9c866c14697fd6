import CourierHTTP
import Foundation

/// A client's one ordered list of interceptors, ending in its transport, built once when the client is made.
///
/// The order (OkHttp's design): the user's interceptors, outermost first; then the built-ins the user did not
/// place themselves — `RetryInterceptor`, `ValidationInterceptor`, `RedirectInterceptor`, `CookieInterceptor`
/// (unless cookies are disabled), `CacheInterceptor` (with a cache), `ResponseBufferingInterceptor`; then the
/// transport, whose errors are mapped to `NetworkError` here, the one boundary where that happens. When the
/// list ends in the built-ins in that order (no cache), they run as one `BuiltInTail`: the same steps, one async
/// frame instead of one per member.
package struct InterceptorStack: Sendable {
    /// Every member, outermost first (the built-ins included).
    package let interceptors: [any Interceptor]
    private let entry: Interceptor.Next
    /// The fused built-ins when they are the whole stack (no interceptors of the user's before them): `send`
    /// runs them itself, without the async closure call `entry` would add.
    private let wholeTail: BuiltInTail?

    /// Builds the stack; `fusesBuiltIns: false` keeps every member a link of its own (for tests comparing the two).
    package init(
        _ userInterceptors: [any Interceptor], cookieJar: CookieJar?, cache: HTTPCache?, transport: any Transport,
        fusesBuiltIns: Bool = true
    ) {
        var interceptors = userInterceptors
        var builtIns: [(any Interceptor, (any Interceptor) -> Bool)] = [
            (RetryInterceptor(), { $0 is RetryInterceptor }),
            (ValidationInterceptor(), { $0 is ValidationInterceptor }),
            (RedirectInterceptor(), { $0 is RedirectInterceptor }),
        ]
        if let cookieJar { builtIns.append((CookieInterceptor(jar: cookieJar), { $0 is CookieInterceptor })) }
        if let cache { builtIns.append((CacheInterceptor(cache: cache), { $0 is CacheInterceptor })) }
        builtIns.append((ResponseBufferingInterceptor(), { $0 is ResponseBufferingInterceptor }))
        for (builtIn, isPlaced) in builtIns where !userInterceptors.contains(where: isPlaced) {
            interceptors.append(builtIn)
        }
        self.interceptors = interceptors
        var next: Interceptor.Next = { request in try await Self.send(request, over: transport) }
        var links: [Interceptor.Next] = []   // links[i]: the chain from interceptors[i] down
        for interceptor in interceptors.reversed() {
            next = Self.link(interceptor, to: next)
            links.insert(next, at: 0)
        }
        // The usual stack ends in the built-ins in their own order: run them as one step (`BuiltInTail`).
        var wholeTail: BuiltInTail?
        let pattern = BuiltInTail.pattern(hasCookies: cookieJar != nil)
        let tailStart = interceptors.count - pattern.count
        if fusesBuiltIns, tailStart >= 0,
           zip(interceptors[tailStart...], pattern).allSatisfy({ ObjectIdentifier(type(of: $0.0)) == ObjectIdentifier($0.1) }),
           let retry = interceptors[tailStart] as? RetryInterceptor,
           let redirect = interceptors[tailStart + 2] as? RedirectInterceptor {
            let cookies = cookieJar == nil ? nil : interceptors[tailStart + 3] as? CookieInterceptor
            let tail = BuiltInTail(
                retry: retry, redirect: redirect, cookies: cookies, transport: transport,
                belowRetry: links[tailStart + 1], belowRedirect: links[tailStart + 3])
            next = { request in try await tail.send(request) }
            for interceptor in interceptors[..<tailStart].reversed() {
                next = Self.link(interceptor, to: next)
            }
            if tailStart == 0 { wholeTail = tail }
        }
        entry = next
        self.wholeTail = wholeTail
    }

    /// Sends `request` over `transport`, its errors mapped to `NetworkError`: the one place that happens.
    @inline(__always)
    static func send(_ request: HTTPRequest, over transport: any Transport) async throws -> HTTPResponse {
        do {
            return try await transport.send(request)
        } catch {
            throw NetworkError.from(error)
        }
    }

    /// `interceptor` in front of `rest`. The built-ins every request passes are called as their concrete types:
    /// a direct call instead of one through the protocol's witness, an async frame fewer per member.
    private static func link(_ interceptor: any Interceptor, to rest: @escaping Interceptor.Next) -> Interceptor.Next {
        switch interceptor {
        case let member as RetryInterceptor: { request in try await member.intercept(request, next: rest) }
        case let member as ValidationInterceptor: { request in try await member.intercept(request, next: rest) }
        case let member as RedirectInterceptor: { request in try await member.intercept(request, next: rest) }
        case let member as CookieInterceptor: { request in try await member.intercept(request, next: rest) }
        case let member as ResponseBufferingInterceptor: { request in try await member.intercept(request, next: rest) }
        default: { request in try await interceptor.intercept(request, next: rest) }
        }
    }

    /// Runs `request` through every member.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let wholeTail { return try await wholeTail.send(request) }
        return try await entry(request)
    }
}

import CourierHTTP
import Foundation

/// A client's one ordered list of interceptors, ending in its transport, built once when the client is made.
///
/// The order (OkHttp's design): the user's interceptors, outermost first; then the built-ins the user did not
/// place themselves — `RetryInterceptor`, `ValidationInterceptor`, `RedirectInterceptor`, `CookieInterceptor`
/// (unless cookies are disabled), `CacheInterceptor` (with a cache), `ResponseBufferingInterceptor`; then the
/// transport, whose errors are mapped to `NetworkError` here, the one boundary where that happens.
struct InterceptorStack: Sendable {
    /// Every member, outermost first (the built-ins included).
    let interceptors: [any Interceptor]
    private let entry: Interceptor.Next

    init(_ userInterceptors: [any Interceptor], cookieJar: CookieJar?, cache: HTTPCache?, transport: any Transport) {
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
        var next: Interceptor.Next = { request in
            do {
                return try await transport.send(request)
            } catch {
                throw NetworkError.from(error)
            }
        }
        for interceptor in interceptors.reversed() {
            next = Self.link(interceptor, to: next)
        }
        entry = next
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
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await entry(request)
    }
}

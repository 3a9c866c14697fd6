import CourierHTTP
import Foundation

/// A client's one chain of interceptors, ending in its transport, built once when the client is made.
///
/// Its shape is fixed (OkHttp's): the application interceptors (`Configuration.interceptors`, outermost first),
/// which see each call once; then the built-ins in this order — `RetryInterceptor`, `RedirectInterceptor`,
/// `CookieInterceptor` (unless cookies are disabled), `CacheInterceptor` (with a cache),
/// `DefaultHeadersInterceptor`, `ResponseBufferingInterceptor`; then the network interceptors
/// (`Configuration.networkInterceptors`), which see every attempt and every redirect hop as it goes on the wire;
/// then the transport, whose errors are mapped to `NetworkError` here, the one boundary where that happens.
///
/// Inside the chain a status is a response and only transport failures are thrown; the acceptable-status check
/// runs once, where the chain returns (`StatusValidation`).
package struct InterceptorStack: Sendable {
    /// Every member, outermost first (the built-ins included).
    package let interceptors: [any Interceptor]
    private let entry: Interceptor.Next

    /// Builds the chain from the application and network interceptors, the client's cookie jar and cache, the
    /// retry clock (injected by tests) and the transport.
    package init(
        interceptors application: [any Interceptor], networkInterceptors: [any Interceptor] = [],
        cookieJar: CookieJar?, cache: HTTPCache?, retryClock: RetryClock = .system, transport: any Transport
    ) {
        var members = application
        members.append(RetryInterceptor(clock: retryClock))
        members.append(RedirectInterceptor())
        if let cookieJar { members.append(CookieInterceptor(jar: cookieJar)) }
        if let cache { members.append(CacheInterceptor(cache: cache)) }
        let decoding = transport as? any ContentDecodingTransport
        members.append(DefaultHeadersInterceptor(acceptEncoding: decoding?.acceptedContentCodings))
        members.append(ResponseBufferingInterceptor())
        members += networkInterceptors
        interceptors = members
        var next: Interceptor.Next = { request in try await Self.send(request, over: transport) }
        for interceptor in members.reversed() {
            let rest = next
            next = { request in try await interceptor.intercept(request, next: rest) }
        }
        entry = next
    }

    /// Sends `request` over `transport`, its errors mapped to `NetworkError` (the one place that happens); the
    /// response carries the request as it went on the wire (`HTTPResponse.request`).
    static func send(_ request: HTTPRequest, over transport: any Transport) async throws -> HTTPResponse {
        var response: HTTPResponse
        do {
            if let upgrade = request.webSocketUpgrade {
                response = try await openWebSocket(request, upgrade, over: transport)
            } else {
                response = try await transport.send(request)
            }
        } catch let error as WebSocketError {
            throw error
        } catch {
            throw NetworkError.from(error)
        }
        response.request = request
        return response
    }

    /// Runs `request` through every member, then checks the status against the request as the interceptors
    /// left it (`response.request`, else `request` for a response no transport made).
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await entry(request)
        // Only the acceptable codes are read on the way out (not a copy of the whole request).
        let acceptable = response.request?.acceptableStatusCodes ?? request.acceptableStatusCodes
        if acceptable.contains(response.statusCode) { return response }
        throw await StatusValidation.failure(response, for: response.request ?? request)
    }
}

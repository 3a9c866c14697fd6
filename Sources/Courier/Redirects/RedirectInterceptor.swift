import CourierHTTP
import Foundation

/// Follows redirects as `request.redirectPolicy` allows — in the client, so that every transport behaves the
/// same (the transports follow none themselves).
///
/// The rules:
/// - 301, 302, 303, 307 and 308 with a `Location` are redirects; a relative `Location` is resolved against the
///   URL that answered. Any other status, or a redirect status without `Location`, is the final response.
/// - 303 turns every method but `HEAD` into `GET` without a body; 301 and 302 turn `POST` into `GET` without a
///   body; 307 and 308 keep the method and the body, which is replayed from its source. A dropped body takes its
///   `Content-*` fields with it.
/// - A redirect to another origin (scheme, host or port) drops `Authorization`, `Proxy-Authorization` and
///   `Cookie`; they are not restored by a later hop back. Cookies from the client's jar are recomputed for each
///   hop below this interceptor.
/// - Fails with `TransportFailure.Kind.redirect`, saying why: one more hop than `maximumRedirects`, a loop (a
///   method and URL already requested in this chain), `https` to `http` unless `allowsInsecureRedirects`, or a
///   `Location` that is not an `http`/`https` URL.
/// - `shouldFollow`, when set, sees each hop first; `false` returns that redirect response as it is.
/// - The final response carries the hops in `HTTPResponse.redirects`.
///
/// A built-in member of every client's stack, below `RetryInterceptor` and above the cookie and cache
/// interceptors and the network interceptors, so that each hop gets its own cookies and cache entry and every
/// network interceptor sees it.
package struct RedirectInterceptor: Interceptor {
    /// Creates the interceptor; the policy comes from each request.
    package init() {}

    /// Whether `statusCode` redirects: 301, 302, 303, 307 or 308 (a switch: every response is checked).
    static func isRedirect(_ statusCode: Int) -> Bool {
        switch statusCode {
        case 301, 302, 303, 307, 308: true
        default: false
        }
    }

    /// The fields that never cross an origin.
    static let credentialFields = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// The fields that describe a body, dropped with it.
    static let contentFields = ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location", "Transfer-Encoding"]

    /// Sends `request`, following its redirects as `request.redirectPolicy` allows, and drops
    /// `Authorization`, `Proxy-Authorization` and `Cookie` when a hop changes origin, so no credential leaks.
    package func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        var response = try await next(request)
        // Most responses are no redirect: they go back without the loop's state (a copy of the request, the
        // history, the visited set).
        guard Self.isRedirect(response.statusCode), response.headers.contains("Location") else {
            response.redirects = []
            return response
        }
        return try await follow(response, of: request, next: next)
    }

    /// Follows the redirect `first`, the response to `request`, and the ones after it.
    private func follow(_ first: HTTPResponse, of request: HTTPRequest, next: Next) async throws -> HTTPResponse {
        let policy = request.redirectPolicy
        var current = request
        var history: [Redirect] = []
        var visited: Set<String> = []   // filled at the first redirect
        var response = first
        while true {
            guard Self.isRedirect(response.statusCode), let location = response.headers["Location"] else {
                response.redirects = history
                return response
            }
            guard let target = Self.resolve(location, against: current.url) else {
                response.body.discard()
                throw Self.failure("the \(response.statusCode) redirect's Location \"\(location)\" is not an http or https URL")
            }
            let hop = Redirect(statusCode: response.statusCode, from: current.url, to: target)
            if let shouldFollow = policy.shouldFollow, !shouldFollow(hop) {
                response.redirects = history
                return response
            }
            response.body.discard()
            guard history.count < policy.maximumRedirects else {
                throw Self.failure("more than \(policy.maximumRedirects) redirects (the last to \(target.absoluteString))")
            }
            if current.url.scheme?.lowercased() == "https", target.scheme?.lowercased() == "http", !policy.allowsInsecureRedirects {
                throw Self.failure("a redirect from https to http (\(target.absoluteString)) is refused")
            }
            if visited.isEmpty { visited.insert(Self.visitKey(current)) }
            current = Self.following(hop, from: current)
            guard visited.insert(Self.visitKey(current)).inserted else {
                throw Self.failure("a redirect loop: \(current.method.rawValue) \(target.absoluteString) was already requested")
            }
            history.append(hop)
            response = try await next(current)
        }
    }

    /// The request for `hop`, made from the request that drew it.
    static func following(_ hop: Redirect, from previous: HTTPRequest) -> HTTPRequest {
        var request = previous
        request.url = hop.to
        let method = previous.method
        let becomesGET = switch hop.statusCode {
        case 303: method != .head
        case 301, 302: method == .post
        default: false
        }
        if becomesGET {
            if method != .get { request.method = .get }
            request.body = nil
            for name in contentFields { request.headers.remove(name: name) }
        }
        if !hop.from.isSameOrigin(as: hop.to) {
            for name in credentialFields { request.headers.remove(name: name) }
        }
        return request
    }

    /// `location` as an absolute http(s) URL, or `nil`.
    static func resolve(_ location: String, against base: URL) -> URL? {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    private static func visitKey(_ request: HTTPRequest) -> String {
        request.method.rawValue + " " + request.url.absoluteString
    }

    private static func failure(_ message: String) -> NetworkError {
        .transport(TransportFailure(kind: .redirect, message: message))
    }
}

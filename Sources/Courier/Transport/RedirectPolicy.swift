import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a followed redirect may carry: credentials stay with the origin they were meant for.
///
/// When a redirect changes the scheme, host or port, `Authorization`, `Proxy-Authorization` and `Cookie` are
/// removed from the new request (the transport, not the user, chose the new origin); a same-origin redirect
/// keeps every header.
enum RedirectPolicy {
    /// The headers that never cross an origin.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// `request` (the redirected one) as it may be sent, coming from `previous`.
    static func redirected(_ request: URLRequest, from previous: URL?) -> URLRequest {
        guard let target = request.url, let previous, !isSameOrigin(previous, target) else { return request }
        var request = request
        for name in credentialHeaders { request.setValue(nil, forHTTPHeaderField: name) }
        return request
    }

    /// Same scheme, host (case-insensitively) and port, default ports included (`http://a` is `http://a:80`).
    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(), schemeA == schemeB else { return false }
        guard a.host?.lowercased() == b.host?.lowercased() else { return false }
        return (a.port ?? defaultPort(schemeA)) == (b.port ?? defaultPort(schemeB))
    }

    private static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }
}

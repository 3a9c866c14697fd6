#if os(Linux)
import CourierHTTP
import Foundation

/// Where a request goes, taken from its URL once: the pool key, the host to resolve, the `Host` header and
/// the request target (path and query, as they are in the URL).
struct RequestTarget: Sendable {
    /// The origin, for the pool.
    var key: PoolKey
    /// The host to resolve and verify (IPv6 literals without brackets).
    var host: String
    /// The `Host` header value (with the port when it is not the scheme's default).
    var hostHeader: String
    /// The request target: origin form `/path?query`, or absolute form through an HTTP proxy.
    var path: String
    /// `Basic …` for credentials in the URL (`http://user:password@host/`), which go to that origin as curl
    /// sends them; `nil` when the URL has none.
    var basicAuthorization: String?

    /// Reads `url`.
    ///
    /// - Throws: as `RequestOrigin.init(_:proxies:)`: `.transport(.other)` for a scheme other than http/https
    ///   or a URL with no host, `.configuration` for a proxy whose scheme is not http.
    init(_ url: URL, proxies: ProxyConfiguration) throws {
        self.init(origin: try RequestOrigin(url, proxies: proxies), absoluteURL: url.absoluteString)
    }

    /// Reads `location`'s text; its `scheme://authority` part is looked up in `origins`, so a Foundation `URL`
    /// is parsed only for an origin not seen before (or one with credentials, which is never kept).
    ///
    /// - Throws: as `init(_:proxies:)`.
    init(_ location: RequestURL, proxies: ProxyConfiguration, origins: RequestOriginCache) throws {
        let text = location.string
        let origin: RequestOrigin
        if let prefix = RequestOriginCache.originPrefix(of: text) {
            origin = try origins.origin(for: prefix) { try RequestOrigin(try location.parsedURL(), proxies: proxies) }
        } else {
            origin = try RequestOrigin(try location.parsedURL(), proxies: proxies)
        }
        self.init(origin: origin, absoluteURL: text)
    }

    private init(origin: RequestOrigin, absoluteURL: String) {
        key = origin.key
        host = origin.host
        hostHeader = origin.hostHeader
        basicAuthorization = origin.basicAuthorization
        let originForm = Self.originForm(of: absoluteURL)
        // Through an HTTP proxy (not a tunnel) the request names the whole URL (RFC 9112 §3.2.2).
        path = origin.key.proxy.map { !$0.tunnels } == true ? "\(origin.key.scheme)://\(hostHeader)\(originForm)" : originForm
    }

    /// The part of an absolute URL after its authority, without the fragment: `/a/b?c=d`, or `/` when empty.
    /// Scans the UTF-8 bytes once (this runs for every request).
    static func originForm(of absolute: String) -> String {
        let utf8 = absolute.utf8
        var index = utf8.startIndex
        // Past "scheme://".
        var slashes = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            if byte == UInt8(ascii: "/") {
                slashes += 1
                if slashes == 2 { break }
            } else if slashes > 0 {
                return "/"
            }
        }
        // Past the authority.
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            utf8.formIndex(after: &index)
        }
        let start = index
        while index < utf8.endIndex, utf8[index] != UInt8(ascii: "#") { utf8.formIndex(after: &index) }
        guard start < index else { return "/" }
        let target = String(absolute[start..<index])
        return utf8[start] == UInt8(ascii: "?") ? "/" + target : target
    }
}
#endif

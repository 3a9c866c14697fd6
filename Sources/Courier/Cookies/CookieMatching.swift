import CourierHTTP
import Foundation

/// The matching rules of RFC 6265bis §5.1: canonical hosts, domain-match, default path and path-match, and which
/// URLs count as secure.
package enum CookieMatching {
    /// The URL's host as cookies compare it (§5.1.2): percent-decoded, lowercase, IDN labels as punycode
    /// (`xn--…`), IPv6 without brackets; `nil` when the URL has no host.
    package static func canonicalHost(of url: URL) -> String? {
        guard var host = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedHost ?? url.host,
              !host.isEmpty
        else { return nil }
        host = host.removingPercentEncoding ?? host
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return Punycode.asciiDomain(host)
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    package static func isIPAddress(_ host: String) -> Bool {
        IPAddress.isAddress(host)
    }

    /// §5.1.3: `host` is `domain`, or a name (not an IP address) ending in `.` + `domain`.
    package static func domainMatches(_ host: String, _ domain: String) -> Bool {
        if host == domain { return true }
        return host.hasSuffix("." + domain) && !isIPAddress(host)
    }

    /// The path of `url` as cookies compare it: percent-encoded as sent, `/` when empty.
    package static func requestPath(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    /// §5.1.4: the directory of the URL's path (`/a/b/c` → `/a/b`), or `/` when there is none.
    package static func defaultPath(of url: URL) -> String {
        let path = requestPath(of: url)
        guard path.hasPrefix("/"), let lastSlash = path.lastIndex(of: "/"), lastSlash != path.startIndex else { return "/" }
        return String(path[..<lastSlash])
    }

    /// §5.1.4: `requestPath` is `cookiePath`, or starts with it where the cookie path ends in `/` or the next
    /// character of the request path is `/` (`/docs` matches `/docs/a`, not `/docsets`).
    package static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.utf8.count == cookiePath.utf8.count || cookiePath.hasSuffix("/")
            || requestPath.utf8.dropFirst(cookiePath.utf8.count).first == UInt8(ascii: "/")
    }

    /// Whether `url` is a secure origin for cookies: `https` or `wss`. Loopback `http` is not (see the README's
    /// cookie table): cookies ignore ports, so a plaintext service on another loopback port would see them.
    package static func isSecure(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "https" || scheme == "wss"
    }
}

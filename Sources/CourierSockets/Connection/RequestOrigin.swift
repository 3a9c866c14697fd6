#if os(Linux)
import CourierHTTP
import Foundation

/// What a request URL's `scheme://authority` says about where it goes: the pool key (with the proxy route),
/// the host to resolve, the `Host` header and the credentials it carries. Read from a Foundation `URL`.
struct RequestOrigin: Sendable {
    /// The origin, for the pool.
    var key: PoolKey
    /// The host to resolve and verify (IPv6 literals without brackets).
    var host: String
    /// The `Host` header value (with the port when it is not the scheme's default).
    var hostHeader: String
    /// `Basic …` for credentials in the URL, `nil` when it has none.
    var basicAuthorization: String?

    /// Reads `url`'s scheme, host, port and credentials.
    ///
    /// - Throws: `.transport(.other)` for a scheme other than http/https, or a URL with no host; `.configuration`
    ///   when the request would go through a proxy whose scheme is not http (see `ProxyRoute`).
    init(_ url: URL, proxies: ProxyConfiguration) throws {
        guard let scheme = url.scheme.map(\.lowercasedASCII), scheme == "http" || scheme == "https" else {
            throw NetworkError.transport(TransportFailure(
                kind: .other, message: "SocketTransport sends only http and https URLs, not '\(url.absoluteString)'"))
        }
        guard let host = url.host?.withoutIPv6Brackets, !host.isEmpty else {
            throw NetworkError.transport(TransportFailure(kind: .other, message: "the URL '\(url.absoluteString)' has no host"))
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = url.port ?? defaultPort
        // Byte scans: `String.contains(_:)` and `lowercased()` go through Foundation's slow generic paths.
        let bracketed = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
        let route = try proxies.proxy(scheme: scheme, host: host).map { proxy throws(NetworkError) in
            try ProxyRoute(proxy: proxy, tunnels: scheme == "https")
        }
        key = PoolKey(scheme: scheme, host: host.lowercasedASCII, port: port, proxy: route)
        self.host = host
        hostHeader = port == defaultPort ? bracketed : "\(bracketed):\(port)"
        basicAuthorization = url.basicAuthorization
    }
}
#endif

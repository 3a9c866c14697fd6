#if os(Linux)
import Foundation
/// Which connections a request may share: the same scheme, host and port (and so the same TLS identity).
struct PoolKey: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    var scheme: String
    /// The host as in the URL, lowercased.
    var host: String
    /// The port (the scheme's default when the URL has none).
    var port: Int
    /// The proxy the connections go through, if any.
    var proxy: ProxyRoute?

    /// Whether connections speak TLS.
    var isSecure: Bool { scheme == "https" }

    /// `https://example.com:443`.
    var description: String {
        let origin = "\(scheme)://\(host):\(port)"
        return proxy.map { "\(origin) via proxy \($0.host):\($0.port)" } ?? origin
    }
}

/// How a connection reaches its origin through a proxy.
struct ProxyRoute: Hashable, Sendable {
    /// The proxy's host and port.
    var host: String
    var port: Int
    /// `Proxy-Authorization` for the proxy's credentials, if its URL has any.
    var authorization: String?
    /// Whether the connection is a `CONNECT` tunnel (https) rather than requests in absolute form (http).
    var tunnels: Bool

    /// The route for `proxy` (a URL), tunnelling when the request is https.
    init(proxy: URL, tunnels: Bool) {
        self.host = (proxy.host ?? "").withoutIPv6Brackets
        self.port = proxy.port ?? 1080
        self.tunnels = tunnels
        self.authorization = proxy.basicAuthorization
    }
}
#endif

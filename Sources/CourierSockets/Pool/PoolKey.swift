#if os(Linux)
import CourierHTTP
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
    ///
    /// - Throws: `.configuration` naming the scheme for a proxy URL that is not `http://`: the proxy is spoken to
    ///   in plain HTTP, so an `https://` one would get `Proxy-Authorization` in clear text, and a `socks5://` one
    ///   HTTP it cannot read. The message names no credentials.
    init(proxy: URL, tunnels: Bool) throws(NetworkError) {
        let host = (proxy.host ?? "").withoutIPv6Brackets
        let port = proxy.port ?? 1080
        let scheme = proxy.scheme?.lowercasedASCII ?? "http"
        guard scheme == "http" else {
            throw .configuration(reason: .invalidRequest(
                "the proxy scheme '\(scheme)' (host \(host), port \(port)) is not supported: "
                    + "SocketTransport speaks to a proxy in plain HTTP only, so its URL must be http://"))
        }
        self.host = host
        self.port = port
        self.tunnels = tunnels
        self.authorization = proxy.basicAuthorization
    }
}
#endif

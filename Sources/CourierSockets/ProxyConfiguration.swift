import CourierHTTP
import Foundation

/// Which proxy `SocketTransport` sends requests through: an HTTP proxy for `http` URLs (requests in absolute
/// form) and a `CONNECT` tunnel through a proxy for `https` URLs (TLS end to end with the server).
///
/// By default it is read from the environment as libcurl reads it (`.environment`); set `.none` to connect
/// directly whatever the environment says. Reading the environment by default means a client behind a corporate
/// proxy works as `curl` does there, with no code. The proxy itself is spoken to in plain HTTP, so its URL must be
/// `http://`: a request that would go through an `https://`, `socks5://` or other proxy fails with
/// `NetworkError.configuration` naming the scheme, rather than sending `Proxy-Authorization` in clear text to a
/// proxy meant to get TLS. Like a TLS configuration that cannot be used, it is reported by the request (reading
/// the environment never throws), and an excluded host is still reached directly.
public struct ProxyConfiguration: Sendable, Hashable {
    /// The proxy for `http` URLs, which gets each request in absolute form (and so sees it whole); `nil` connects
    /// directly.
    public var httpProxy: URL?
    /// The proxy for `https` URLs (reached with `CONNECT`), which sees only the host and port: TLS runs through
    /// the tunnel, so certificate checks and pins still apply to the server. `nil` connects directly.
    public var httpsProxy: URL?
    /// Hosts reached directly: a name matches itself and its subdomains (`example.com` and `.example.com` both
    /// match `api.example.com`), `*` matches every host; IP addresses match exactly, and a range in CIDR form
    /// (`10.0.0.0/8`, `fd00::/8`) matches the addresses in it, as libcurl reads them. For internal hosts a proxy
    /// cannot reach; case and a trailing dot are ignored.
    public var excludedHosts: [String]

    /// Creates a configuration. A proxy URL must be `http://` (see above); one without a port is reached on 1080
    /// (libcurl's default); `user:password@` in it (percent-decoded) is sent as `Proxy-Authorization: Basic`.
    public init(httpProxy: URL? = nil, httpsProxy: URL? = nil, excludedHosts: [String] = []) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.excludedHosts = excludedHosts
    }

    /// Direct connections only, whatever the environment says: for tests against loopback servers, or a client
    /// that must never go through a proxy.
    public static let none = ProxyConfiguration()

    /// The process environment's proxies, read each time this property is read (a `SocketTransport` keeps what
    /// its configuration read). The default.
    public static var environment: ProxyConfiguration {
        ProxyConfiguration(environment: ProcessInfo.processInfo.environment)
    }

    /// The proxies `environment` names, by libcurl's rules: `http_proxy` in lower case only (the upper-case name
    /// can be set by a CGI request's `Proxy:` header), `https_proxy` or `HTTPS_PROXY`, `all_proxy` or
    /// `ALL_PROXY` for either when unset, and `no_proxy` or `NO_PROXY` as a comma-separated list of excluded hosts.
    /// A value without a scheme (`proxy:3128`) is taken as `http://`; one that is no URL is ignored; one with
    /// another scheme (`socks5://`) is kept, so the requests it would carry fail naming it. Takes the
    /// dictionary rather than reading the process's, so tests can pass their own.
    public init(environment: [String: String]) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        let all = value("all_proxy", "ALL_PROXY")
        self.init(
            httpProxy: (value("http_proxy") ?? all).flatMap(Self.proxyURL),
            httpsProxy: (value("https_proxy", "HTTPS_PROXY") ?? all).flatMap(Self.proxyURL),
            excludedHosts: (value("no_proxy", "NO_PROXY") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        )
    }

    /// A proxy setting as a URL: `proxy:3128` becomes `http://proxy:3128`. `nil` for text that is no URL.
    static func proxyURL(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let url = URL(string: withScheme), url.host?.isEmpty == false else { return nil }
        return url
    }

    /// The proxy for a request to `host` over `scheme`, or `nil` to connect directly.
    func proxy(scheme: String, host: String) -> URL? {
        let proxy = scheme == "https" ? httpsProxy : httpProxy
        guard let proxy, !excludes(host) else { return nil }
        return proxy
    }

    /// Whether `host` is in `excludedHosts`.
    func excludes(_ host: String) -> Bool {
        let host = Self.bare(host)
        let address = IPAddress.bytes(host)
        return excludedHosts.contains { entry in
            if entry == "*" { return true }
            if let address, let slash = entry.lastIndex(of: "/") {
                guard let network = IPAddress.bytes(Self.bare(String(entry[..<slash]))),
                      let length = Int(entry[entry.index(after: slash)...]) else { return false }
                return IPAddress.contains(network: network, prefixLength: length, address)
            }
            var domain = Self.bare(entry)
            if domain.hasPrefix(".") { domain.removeFirst() }
            guard !domain.isEmpty else { return false }
            return host == domain || host.hasSuffix("." + domain)
        }
    }

    private static func bare(_ host: String) -> String {
        var text = host.lowercased().withoutIPv6Brackets
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

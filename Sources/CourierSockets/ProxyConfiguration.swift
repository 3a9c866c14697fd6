import CourierHTTP
import Foundation

/// Which proxy `SocketTransport` sends requests through: an HTTP proxy for `http` URLs (requests in absolute
/// form) and a `CONNECT` tunnel through a proxy for `https` URLs (TLS end to end with the server).
///
/// By default it is read from the environment as libcurl reads it (`.environment`); set `.none` to connect
/// directly whatever the environment says.
public struct ProxyConfiguration: Sendable, Hashable {
    /// The proxy for `http` URLs.
    public var httpProxy: URL?
    /// The proxy for `https` URLs (reached with `CONNECT`).
    public var httpsProxy: URL?
    /// Hosts reached directly: a name matches itself and its subdomains (`example.com` and `.example.com` both
    /// match `api.example.com`), `*` matches every host; IP addresses match exactly, and a range in CIDR form
    /// (`10.0.0.0/8`, `fd00::/8`) matches the addresses in it, as libcurl reads them.
    public var excludedHosts: [String]

    /// Creates a configuration. A proxy URL without a scheme is taken as `http://`, without a port as 1080
    /// (libcurl's default); `user:password@` in it is sent as `Proxy-Authorization: Basic`.
    public init(httpProxy: URL? = nil, httpsProxy: URL? = nil, excludedHosts: [String] = []) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.excludedHosts = excludedHosts
    }

    /// Direct connections only.
    public static let none = ProxyConfiguration()

    /// The process environment's proxies, read once.
    public static var environment: ProxyConfiguration {
        ProxyConfiguration(environment: ProcessInfo.processInfo.environment)
    }

    /// The proxies `environment` names, by libcurl's rules: `http_proxy` in lower case only (the upper-case name
    /// can be set by a CGI request's `Proxy:` header), `https_proxy` or `HTTPS_PROXY`, `all_proxy` or
    /// `ALL_PROXY` for either when unset, and `no_proxy` or `NO_PROXY` as a comma-separated list of excluded hosts.
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

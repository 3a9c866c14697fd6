#if os(Linux)
/// Which connections a request may share: the same scheme, host and port (and so the same TLS identity).
struct PoolKey: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    var scheme: String
    /// The host as in the URL, lowercased.
    var host: String
    /// The port (the scheme's default when the URL has none).
    var port: Int

    /// Whether connections speak TLS.
    var isSecure: Bool { scheme == "https" }

    /// `https://example.com:443`.
    var description: String { "\(scheme)://\(host):\(port)" }
}
#endif

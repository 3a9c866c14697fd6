/// A public-key pin: hosts matching `pattern` must present a certificate chain in which at least one
/// certificate's SubjectPublicKeyInfo has a SHA-256 hash in `hashes` (OkHttp's `CertificatePinner` rules).
///
/// Patterns: `example.com` matches that host only; `*.example.com` matches exactly one more label
/// (`api.example.com`, not `example.com` nor `a.b.example.com`); `**.example.com` matches any number of
/// labels, including none. Host names compare case-insensitively; IP addresses match literally.
/// When several pins match a host, a key matching any of their hashes is enough.
public struct CertificatePin: Sendable, Hashable {
    /// The host pattern, lowercased.
    public var pattern: String
    /// Base64 SHA-256 hashes of acceptable SubjectPublicKeyInfo structures, without the `sha256/` prefix.
    public var hashes: [String]

    /// Creates a pin for `pattern` with one or more hashes, each base64, with or without OkHttp's
    /// `sha256/` prefix. Malformed hashes are reported when the transport is created.
    public init(_ pattern: String, _ hashes: [String]) {
        self.pattern = pattern.lowercased()
        self.hashes = hashes.map { $0.hasPrefix("sha256/") ? String($0.dropFirst(7)) : $0 }
    }

    /// Creates a pin for `pattern` with one or more hashes (see `init(_:_:)`).
    public init(_ pattern: String, _ hash: String, _ more: String...) {
        self.init(pattern, [hash] + more)
    }

    /// Whether this pin applies to `host` (a DNS name or an IP address, without brackets).
    public func matches(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        if pattern.hasPrefix("**.") {
            let suffix = pattern.dropFirst(3)
            return host == suffix || host.hasSuffix("." + suffix)
        }
        if pattern.hasPrefix("*.") {
            let suffix = pattern.dropFirst(2)
            guard host.hasSuffix("." + suffix) else { return false }
            let label = host.dropLast(suffix.count + 1)
            return !label.isEmpty && !label.contains(".")
        }
        return host == pattern
    }
}

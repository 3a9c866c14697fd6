/// A public-key pin: hosts matching `pattern` must present a certificate chain in which at least one
/// certificate's SubjectPublicKeyInfo has a SHA-256 hash in `hashes` (OkHttp's `CertificatePinner` rules).
///
/// Patterns: `example.com` matches that host only; `*.example.com` matches exactly one more label
/// (`api.example.com`, not `example.com` nor `a.b.example.com`); `**.example.com` matches any number of
/// labels, including none. Host names compare case-insensitively; IP addresses match literally.
/// When several pins match a host, a key matching any of their hashes is enough. Hosts no pin matches are
/// verified normally, without pinning.
public struct CertificatePin: Sendable, Hashable {
    /// The host pattern, lowercased, so matching ignores case as DNS does.
    public var pattern: String
    /// Base64 SHA-256 hashes of acceptable SubjectPublicKeyInfo structures, without the `sha256/` prefix. The
    /// key rather than the certificate is pinned, so a renewed certificate with the same key still matches.
    public var hashes: [String]

    /// Creates a pin for `pattern` with one or more hashes, each base64, with or without OkHttp's
    /// `sha256/` prefix, so pins copied from OkHttp or from `openssl` output work as they are. A malformed hash
    /// (not base64 of 32 bytes) is found when the transport is created and fails its `https` requests with
    /// `.tls`.
    public init(_ pattern: String, _ hashes: [String]) {
        self.pattern = pattern.lowercased()
        self.hashes = hashes.map { $0.hasPrefix("sha256/") ? String($0.dropFirst(7)) : $0 }
    }

    /// Creates a pin for `pattern` with one or more hashes (see `init(_:_:)`): the variadic form, for a
    /// current key and its backup.
    public init(_ pattern: String, _ hash: String, _ more: String...) {
        self.init(pattern, [hash] + more)
    }

    /// Whether this pin applies to `host` (a DNS name or an IP address, without brackets; case and a trailing
    /// dot are ignored): to test a pattern before shipping it.
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

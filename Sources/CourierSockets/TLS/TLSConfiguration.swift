/// How `SocketTransport` secures `https` connections: which roots it trusts, which keys it pins, the client
/// certificate it presents, and the lowest TLS version it accepts.
///
/// ```swift
/// var configuration = SocketTransport.Configuration()
/// configuration.tls = TLSConfiguration(
///     additionalTrustedRoots: [companyRootPEM],
///     pins: [CertificatePin("*.example.com", "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")]
/// )
/// ```
///
/// Everything is checked once, when the transport is created: a PEM text that holds no certificate, a key that
/// does not parse or match, or a pin that is not a base64 SHA-256 makes every `https` request of that transport
/// fail with a `NetworkError.transport` failure of kind `.tls` naming the setting (the transport's initializer
/// does not throw, and `http` requests are not affected). Nothing is ever relaxed: there is no switch that turns
/// certificate verification off, so a test server needs its root in `additionalTrustedRoots`.
public struct TLSConfiguration: Sendable, Hashable {
    /// Whether the system's trust store is used (OpenSSL's default locations, with the usual distribution
    /// bundles as a fallback; default `true`). Turn it off to trust `additionalTrustedRoots` only: a client that
    /// talks to one company's servers then trusts no public CA that could be misused against it.
    public var trustsSystemRoots: Bool
    /// More root certificates to trust, as PEM text; each string may hold one or several certificates. For a
    /// private CA or a test server's self-signed certificate. Default none.
    public var additionalTrustedRoots: [String]
    /// Public-key pins: a connection to a host that matches a pin's pattern must present a chain in which
    /// at least one certificate's key has one of the pin's hashes, else it fails with `.tls`. Pinning guards
    /// against a wrongly issued certificate from a trusted CA; pin a backup key too, or a key rotation locks
    /// the app out. Checked in addition to normal verification. Default none.
    public var pins: [CertificatePin]
    /// The certificate and key presented when a server asks for one (mutual TLS), or nil (the default): for
    /// servers that authenticate the client by certificate.
    public var clientIdentity: ClientIdentity?
    /// The lowest protocol version accepted (TLS 1.2 by default: older versions have known weaknesses, and
    /// nearly every server speaks 1.2). Raise it to `.tls13` when every server does.
    public var minimumVersion: Version
    /// Whether new connections to a host resume the TLS session of an earlier one (an abbreviated handshake:
    /// one round trip and no certificate transfer). On by default, which saves time on each new connection;
    /// turn it off to make every handshake a full one (to test a server's certificate handling).
    public var resumesSessions: Bool

    /// Creates a configuration; the defaults trust the system roots only, with no pins and no client certificate,
    /// TLS 1.2 or later and session resumption on: what a client of public HTTPS APIs needs.
    public init(
        trustsSystemRoots: Bool = true,
        additionalTrustedRoots: [String] = [],
        pins: [CertificatePin] = [],
        clientIdentity: ClientIdentity? = nil,
        minimumVersion: Version = .tls12,
        resumesSessions: Bool = true
    ) {
        self.trustsSystemRoots = trustsSystemRoots
        self.additionalTrustedRoots = additionalTrustedRoots
        self.pins = pins
        self.clientIdentity = clientIdentity
        self.minimumVersion = minimumVersion
        self.resumesSessions = resumesSessions
    }
}

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
/// Everything is checked when the transport is created: a PEM text that holds no certificate, a key that does
/// not parse or match, or a pin that is not a base64 SHA-256 is a `NetworkError.transport` failure of kind
/// `.tls` naming the setting, never a failure at the first request.
public struct TLSConfiguration: Sendable, Hashable {
    /// Whether the system's trust store is used (OpenSSL's default locations, with the usual distribution
    /// bundles as a fallback). Turn it off to trust `additionalTrustedRoots` only.
    public var trustsSystemRoots: Bool
    /// More root certificates to trust, as PEM text; each string may hold one or several certificates.
    public var additionalTrustedRoots: [String]
    /// Public-key pins: a connection to a host that matches a pin's pattern must present a chain in which
    /// at least one certificate's key has one of the pin's hashes.
    public var pins: [CertificatePin]
    /// The certificate and key presented when a server asks for one (mutual TLS), or nil.
    public var clientIdentity: ClientIdentity?
    /// The lowest protocol version accepted (TLS 1.2 by default).
    public var minimumVersion: Version
    /// Whether new connections to a host resume the TLS session of an earlier one (an abbreviated handshake:
    /// one round trip and no certificate transfer). On by default.
    public var resumesSessions: Bool

    /// Creates a configuration; the defaults trust the system roots only, with no pins and no client certificate.
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

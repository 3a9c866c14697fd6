#if canImport(COpenSSL)
import CourierSockets
import Foundation

/// A certificate and its private key, generated in-process for tests (OkHttp's `HeldCertificate` is the
/// model): a test certificate authority, server certificates for `MockWebServer` over TLS, and client
/// certificates for mutual TLS. Keys are EC P-256 (or RSA), signatures SHA-256.
///
/// ```swift
/// let ca = try HeldCertificate.authority()
/// let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
/// let tls = ca.trustingConfiguration          // TLSConfiguration that trusts `ca` only
/// ```
///
/// An "untrusted" authority is simply another authority the client was not told about; an expired server
/// certificate is one whose `validity` lies in the past. Generating in the test instead of checking in fixture
/// files means no certificate in the repository expires and breaks the suite a year later.
public struct HeldCertificate: Sendable, Hashable {
    /// The key algorithm of a generated certificate: P-256 unless a test needs an RSA certificate (e.g. a
    /// client or server that must accept both).
    public enum KeyType: Sendable, Hashable {
        /// ECDSA on P-256 (the default: fast to generate).
        case ecP256
        /// RSA with this many bits, 2048 to 8192 (other sizes throw `HeldCertificateError.invalidParameter`);
        /// large keys take noticeably longer to generate.
        case rsa(bits: Int)
    }

    /// The certificate as PEM text (`-----BEGIN CERTIFICATE-----`), to hand to a TLS configuration or write to
    /// a file for a command-line tool (curl, openssl) in a test.
    public let certificatePEM: String
    /// The private key as unencrypted PKCS #8 PEM text (`-----BEGIN PRIVATE KEY-----`); unencrypted because
    /// it is a throwaway test key that no code has to unlock.
    public let privateKeyPEM: String
    /// The base64 SHA-256 of the certificate's SubjectPublicKeyInfo: the value a `CertificatePin` holds, for
    /// testing certificate pinning against a known key.
    public let publicKeySHA256: String
    /// The subject's common name (for a generated certificate, 1 to 64 printable ASCII characters). Clients
    /// check the subjectAltNames (`hosts`), not this, so it serves to tell certificates apart in logs and errors.
    public let commonName: String
    /// The DNS names and IP addresses in the subjectAltName extension (empty for authorities and clients,
    /// and for a certificate loaded from PEM): the names a client verifies the server against.
    public let hosts: [String]
    /// Whether this certificate may sign others (basicConstraints CA:TRUE): only an authority can be passed as
    /// `signedBy`.
    public let isAuthority: Bool

    /// OkHttp's pin form, `sha256/<base64>`, for pin lists written in that notation.
    public var pin: String { "sha256/" + publicKeySHA256 }

    /// A client configuration that trusts this certificate (an authority) and nothing else, so a test cannot
    /// pass by accident through a system root, and a certificate from another authority is refused.
    public var trustingConfiguration: TLSConfiguration {
        TLSConfiguration(trustsSystemRoots: false, additionalTrustedRoots: [certificatePEM])
    }

    /// This certificate and key as the identity a client presents for mutual TLS (use one made with
    /// ``client(signedBy:commonName:validity:keyType:)``).
    public var clientIdentity: TLSConfiguration.ClientIdentity {
        TLSConfiguration.ClientIdentity(certificateChainPEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }

    /// A certificate authority, valid from a minute ago for a day unless `validity` says otherwise (the minute
    /// absorbs clock skew between the test and the TLS library): self-signed (a root), or an intermediate when
    /// `signedBy` is another authority, to test chain building.
    /// - Throws: `HeldCertificateError.invalidAuthority` when `signedBy` is not an authority,
    ///   `.invalidParameter` for a bad common name, RSA size or empty validity, `.openSSL` when OpenSSL fails.
    public static func authority(
        commonName: String = "Courier Test CA", signedBy issuer: HeldCertificate? = nil, validity: ClosedRange<Date>? = nil,
        keyType: KeyType = .ecP256
    ) throws(HeldCertificateError) -> HeldCertificate {
        try CertificateFactory.make(.init(
            role: .authority, commonName: commonName, hosts: [], validity: validity ?? defaultValidity(), keyType: keyType
        ), signedBy: issuer)
    }

    /// A server certificate signed by `authority`, with `hosts` (DNS names and IP addresses) as subjectAltNames.
    /// Its common name is the first host (up to 64 characters) unless given. The default hosts cover every name
    /// a client uses for a `MockWebServer` on this machine; give other hosts to test a name mismatch.
    /// - Throws: `HeldCertificateError.invalidHost` for no hosts or a host that is neither a DNS name nor an IP
    ///   address, and the errors of ``authority(commonName:signedBy:validity:keyType:)``.
    public static func server(
        signedBy authority: HeldCertificate, hosts: [String] = ["localhost", "127.0.0.1", "::1"],
        commonName: String? = nil, validity: ClosedRange<Date>? = nil, keyType: KeyType = .ecP256
    ) throws(HeldCertificateError) -> HeldCertificate {
        guard !hosts.isEmpty else { throw .invalidHost("a server certificate needs at least one host") }
        return try CertificateFactory.make(.init(
            role: .server, commonName: commonName ?? String(hosts[0].prefix(64)), hosts: hosts, validity: validity ?? defaultValidity(),
            keyType: keyType
        ), signedBy: authority)
    }

    /// A client certificate for mutual TLS, signed by `authority`; present it with ``clientIdentity`` and have
    /// the server require it with `MockWebServer.TLS.requiredClientAuthority`.
    /// - Throws: The errors of ``authority(commonName:signedBy:validity:keyType:)``.
    public static func client(
        signedBy authority: HeldCertificate, commonName: String = "Courier Test Client",
        validity: ClosedRange<Date>? = nil, keyType: KeyType = .ecP256
    ) throws(HeldCertificateError) -> HeldCertificate {
        try CertificateFactory.make(.init(
            role: .client, commonName: commonName, hosts: [], validity: validity ?? defaultValidity(), keyType: keyType
        ), signedBy: authority)
    }

    /// Loads a certificate and its private key from PEM text (the first certificate of `certificatePEM`),
    /// for tests that bring their own. `hosts` is left empty.
    /// - Throws: `HeldCertificateError.invalidParameter` if either does not parse or the key is not the
    ///   certificate's.
    public init(certificatePEM: String, privateKeyPEM: String) throws(HeldCertificateError) {
        self = try CertificateFactory.load(certificatePEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }

    /// Assembles a certificate from its parts (the factory creates these).
    init(certificatePEM: String, privateKeyPEM: String, publicKeySHA256: String, commonName: String, hosts: [String], isAuthority: Bool) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
        self.publicKeySHA256 = publicKeySHA256
        self.commonName = commonName
        self.hosts = hosts
        self.isAuthority = isAuthority
    }

    private static func defaultValidity() -> ClosedRange<Date> {
        let now = Date()
        return now.addingTimeInterval(-60)...now.addingTimeInterval(24 * 3600)
    }
}
#endif

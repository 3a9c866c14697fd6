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
/// certificate is one whose `validity` lies in the past.
public struct HeldCertificate: Sendable, Hashable {
    /// The key algorithm of a generated certificate.
    public enum KeyType: Sendable, Hashable {
        /// ECDSA on P-256 (the default: fast to generate).
        case ecP256
        /// RSA with this many bits (2048 or more).
        case rsa(bits: Int)
    }

    /// The certificate as PEM text (`-----BEGIN CERTIFICATE-----`).
    public let certificatePEM: String
    /// The private key as unencrypted PKCS #8 PEM text (`-----BEGIN PRIVATE KEY-----`).
    public let privateKeyPEM: String
    /// The base64 SHA-256 of the certificate's SubjectPublicKeyInfo: the value a `CertificatePin` holds.
    public let publicKeySHA256: String
    /// The subject's common name.
    public let commonName: String
    /// The DNS names and IP addresses in the subjectAltName extension (empty for authorities and clients).
    public let hosts: [String]
    /// Whether this certificate may sign others (basicConstraints CA:TRUE).
    public let isAuthority: Bool

    /// OkHttp's pin form, `sha256/<base64>`.
    public var pin: String { "sha256/" + publicKeySHA256 }

    /// A client configuration that trusts this certificate (an authority) and nothing else.
    public var trustingConfiguration: TLSConfiguration {
        TLSConfiguration(trustsSystemRoots: false, additionalTrustedRoots: [certificatePEM])
    }

    /// This certificate and key as the identity a client presents for mutual TLS.
    public var clientIdentity: TLSConfiguration.ClientIdentity {
        TLSConfiguration.ClientIdentity(certificateChainPEM: certificatePEM, privateKeyPEM: privateKeyPEM)
    }

    /// A certificate authority, valid from a minute ago for a day unless `validity` says otherwise: self-signed
    /// (a root), or an intermediate when `signedBy` is another authority.
    public static func authority(
        commonName: String = "Courier Test CA", signedBy issuer: HeldCertificate? = nil, validity: ClosedRange<Date>? = nil,
        keyType: KeyType = .ecP256
    ) throws(HeldCertificateError) -> HeldCertificate {
        try CertificateFactory.make(.init(
            role: .authority, commonName: commonName, hosts: [], validity: validity ?? defaultValidity(), keyType: keyType
        ), signedBy: issuer)
    }

    /// A server certificate signed by `authority`, with `hosts` (DNS names and IP addresses) as subjectAltNames.
    /// Its common name is the first host (up to 64 characters) unless given.
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

    /// A client certificate for mutual TLS, signed by `authority`.
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

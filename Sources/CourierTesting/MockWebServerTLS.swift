#if canImport(COpenSSL)
import CourierSockets

extension MockWebServer {
    /// TLS for a `MockWebServer`: the certificate it serves and, for mutual TLS, the authority client
    /// certificates must be signed by. With TLS set, `url(_:)` and `baseURL` use `https://127.0.0.1:<port>`,
    /// so the certificate must cover the IP address 127.0.0.1 (`init(serving:)`'s certificate does).
    ///
    /// ```swift
    /// let ca = try HeldCertificate.authority()
    /// let server = try MockWebServer(configuration: .init(tls: .init(serving: ca)))
    /// // a client trusting `ca.trustingConfiguration` (or `ca.certificatePEM` as an extra root) can connect
    /// ```
    ///
    /// Handshakes that fail (an untrusted server certificate on the client side, a missing or foreign client
    /// certificate, plain HTTP sent to the TLS port) never stop the server: they are recorded in
    /// `malformedRequests` as `MalformedRequest.Kind.tlsHandshakeFailed` and the connection is closed.
    public struct TLS: Sendable, Hashable {
        /// The server certificate and key (its hosts should include 127.0.0.1, the host of the server's URLs,
        /// or a verifying client refuses it; leave it out on purpose to test that refusal).
        public var certificate: HeldCertificate
        /// Intermediate certificates sent after `certificate`, leaf-most first; empty by default. Send an
        /// intermediate to test that a client builds a chain to a root it trusts, or leave it out to test that
        /// a client refuses an incomplete chain.
        public var intermediates: [HeldCertificate]
        /// When set, clients must present a certificate signed by this authority; others fail the handshake
        /// (recorded as `MalformedRequest.Kind.tlsHandshakeFailed`). Nil by default: no client certificate is
        /// asked for. Set it to test a client's mutual-TLS identity.
        public var requiredClientAuthority: HeldCertificate?
        /// The highest protocol version the server accepts (nil: TLS 1.3), to test clients against TLS 1.2,
        /// e.g. that a client requiring TLS 1.3 refuses such a server.
        public var maximumVersion: TLSConfiguration.Version?

        /// Serves `certificate`, for tests that need a particular certificate (expired, wrong host, RSA); the
        /// other settings default to no client certificate and TLS 1.3.
        public init(
            certificate: HeldCertificate, intermediates: [HeldCertificate] = [],
            requiredClientAuthority: HeldCertificate? = nil, maximumVersion: TLSConfiguration.Version? = nil
        ) {
            self.certificate = certificate
            self.intermediates = intermediates
            self.requiredClientAuthority = requiredClientAuthority
            self.maximumVersion = maximumVersion
        }

        /// Serves a new certificate for `localhost`, `127.0.0.1` and `::1`, signed by `authority`: the usual
        /// choice, as a client trusting `authority` then accepts the server under any local name.
        /// - Throws: `HeldCertificateError` when `authority` is not an authority or generation fails.
        public init(
            serving authority: HeldCertificate, requiredClientAuthority: HeldCertificate? = nil,
            maximumVersion: TLSConfiguration.Version? = nil
        ) throws(HeldCertificateError) {
            self.init(
                certificate: try HeldCertificate.server(signedBy: authority),
                requiredClientAuthority: requiredClientAuthority, maximumVersion: maximumVersion
            )
        }
    }
}

extension MockWebServer.Configuration {
    /// A configuration serving TLS, every other setting at its default, for the common case of an HTTPS test
    /// server.
    public init(tls: MockWebServer.TLS) {
        self.init()
        self.tls = tls
    }
}
#endif

extension TLSConfiguration {
    /// A client certificate and its private key, for servers that require mutual TLS.
    public struct ClientIdentity: Sendable, Hashable {
        /// The client certificate first, then any intermediates, as PEM text.
        public var certificateChainPEM: String
        /// The certificate's private key as PEM text (PKCS #8, or the traditional EC / RSA forms), unencrypted.
        public var privateKeyPEM: String

        /// Creates an identity from PEM text.
        public init(certificateChainPEM: String, privateKeyPEM: String) {
            self.certificateChainPEM = certificateChainPEM
            self.privateKeyPEM = privateKeyPEM
        }
    }
}

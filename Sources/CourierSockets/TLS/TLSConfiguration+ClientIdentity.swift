extension TLSConfiguration {
    /// A client certificate and its private key, for servers that require mutual TLS. A key that does not
    /// parse or does not match the certificate fails every `https` request with `.tls`, naming it.
    public struct ClientIdentity: Sendable, Hashable {
        /// The client certificate first, then any intermediates, as PEM text: the server needs the intermediates
    /// to build the chain to its trusted root.
        public var certificateChainPEM: String
        /// The certificate's private key as PEM text (PKCS #8, or the traditional EC / RSA forms), unencrypted: no
    /// passphrase is asked for, so protect the text itself (keychain, secret store).
        public var privateKeyPEM: String

        /// Creates an identity from PEM text; it is checked when the transport is created.
        public init(certificateChainPEM: String, privateKeyPEM: String) {
            self.certificateChainPEM = certificateChainPEM
            self.privateKeyPEM = privateKeyPEM
        }
    }
}

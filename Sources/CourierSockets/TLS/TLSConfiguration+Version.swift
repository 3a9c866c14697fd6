extension TLSConfiguration {
    /// A TLS protocol version, for ``TLSConfiguration/minimumVersion``; versions before 1.2 are not offered at all.
    public enum Version: String, Sendable, Hashable, CaseIterable {
        /// TLS 1.2 (RFC 5246): the default minimum, spoken by nearly every server.
        case tls12 = "TLSv1.2"
        /// TLS 1.3 (RFC 8446): a faster handshake and no legacy ciphers; require it only for servers that all
        /// speak it.
        case tls13 = "TLSv1.3"
    }
}

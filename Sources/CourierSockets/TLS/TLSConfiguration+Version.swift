extension TLSConfiguration {
    /// A TLS protocol version.
    public enum Version: String, Sendable, Hashable, CaseIterable {
        /// TLS 1.2 (RFC 5246).
        case tls12 = "TLSv1.2"
        /// TLS 1.3 (RFC 8446).
        case tls13 = "TLSv1.3"
    }
}

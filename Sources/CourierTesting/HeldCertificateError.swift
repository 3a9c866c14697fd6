#if canImport(COpenSSL)
/// Why a `HeldCertificate` could not be generated.
public enum HeldCertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A host is empty, not ASCII, or an IP address that does not parse.
    case invalidHost(String)
    /// The signing certificate is not an authority, or its PEM text or key does not parse.
    case invalidAuthority(String)
    /// A parameter is out of range (RSA bits, common name).
    case invalidParameter(String)
    /// OpenSSL failed (out of memory, key generation); the message holds its reasons.
    case openSSL(String)

    /// A readable description.
    public var description: String {
        switch self {
        case .invalidHost(let message): "invalid host: \(message)"
        case .invalidAuthority(let message): "invalid authority: \(message)"
        case .invalidParameter(let message): "invalid parameter: \(message)"
        case .openSSL(let message): "OpenSSL failed: \(message)"
        }
    }
}
#endif

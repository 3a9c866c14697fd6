#if canImport(COpenSSL)
/// Why a `HeldCertificate` could not be generated or loaded: every bad argument is reported with a message
/// naming the value, never a trap.
public enum HeldCertificateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A server certificate was given no hosts, or a host is neither a DNS name (letters, digits, `-`, `.`,
    /// `*`) nor an IP address.
    case invalidHost(String)
    /// The signing certificate is not an authority, or its PEM text or key does not parse: sign only with a
    /// certificate made by `HeldCertificate.authority`.
    case invalidAuthority(String)
    /// A parameter is out of range (RSA bits outside 2048...8192, a common name that is not 1 to 64 printable
    /// ASCII characters, an empty validity window), or PEM text given to `init(certificatePEM:privateKeyPEM:)`
    /// does not parse or does not match its key.
    case invalidParameter(String)
    /// OpenSSL failed (out of memory, key generation); the message holds its reasons. Not a mistake in the
    /// arguments.
    case openSSL(String)

    /// A readable description, shown in a failing test's output.
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

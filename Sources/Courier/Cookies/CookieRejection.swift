/// Why a `Set-Cookie` field stored nothing (RFC 6265bis §5.6, §5.7). The jar ignores such a field, as the RFC
/// says; the reason is there for tests and diagnostics (`CookieJar.receive(setCookieFields:from:)` returns it).
public enum CookieRejection: Error, Sendable, Hashable {
    /// A control character other than TAB (0x00–0x08, 0x0A–0x1F, 0x7F) in the field: it could split or forge
    /// a `Cookie` header when sent back.
    case controlCharacter
    /// Name and value together longer than 4096 bytes, the limit browsers share, so a cookie that works here
    /// also works there.
    case nameAndValueTooLong
    /// Both name and value are empty.
    case emptyNameAndValue
    /// The `Domain` attribute has a non-ASCII character.
    case nonASCIIDomain
    /// The `Domain` attribute is a public suffix (`com`, `co.uk`, …) other than the request host itself: such a
    /// cookie would be sent to every site under that suffix.
    case publicSuffixDomain
    /// The request host does not domain-match the `Domain` attribute (another site, or an IP address): a site
    /// may not set cookies for another.
    case domainMismatch
    /// `Secure` from a URL that is not `https`: a clear-text response may not plant a cookie meant for secure
    /// connections.
    case secureFromInsecureOrigin
    /// A non-`Secure` cookie from an insecure URL would shadow a `Secure` one of the same name (§5.7 step 16).
    case overlapsSecureCookie
    /// `SameSite=None` without `Secure`.
    case sameSiteNoneWithoutSecure
    /// A `__Secure-` name without `Secure`, or a nameless cookie whose value starts with a prefix: the prefix
    /// promises the server the cookie was set over `https`, so it may not be forged.
    case securePrefix
    /// A `__Host-` name without `Secure`, with a `Domain`, or without `Path=/`: the prefix promises the cookie
    /// is bound to exactly this host.
    case hostPrefix
    /// The URL has no host (cookies belong to hosts).
    case noHost
}

import Foundation

/// One cookie as a `CookieJar` holds it (RFC 6265bis §5.7): what a server's `Set-Cookie` said, resolved against
/// the URL it came from.
///
/// ```swift
/// for cookie in jar.cookies(for: URL(string: "https://example.com/")!) {
///     print(cookie.name, cookie.value, cookie.expires ?? "session")
/// }
/// ```
public struct Cookie: Sendable, Hashable {
    /// The name (may be empty: `Set-Cookie: token` sets a nameless cookie whose value is `token`).
    public var name: String
    /// The value, as sent (quotes included if the server quoted it), so it goes back to the server byte for byte.
    public var value: String
    /// The host the cookie belongs to, lowercase, IDNs as punycode: the request host for a host-only cookie,
    /// else the `Domain` attribute without its leading dot.
    public var domain: String
    /// The path prefix the cookie is sent for (`Path`, else the default path of the URL that set it).
    public var path: String
    /// When the cookie expires: from `Max-Age` (which wins) or `Expires`, capped at 400 days from receipt so a
    /// server cannot pin a cookie forever; `nil` for a session cookie, which lives as long as the jar.
    public var expires: Date?
    /// `Secure`: sent to, and accepted from, `https` URLs only, so the cookie never crosses the network in
    /// clear text.
    public var isSecure: Bool
    /// `HttpOnly`: kept and reported; every request of a client is an HTTP request, so it never withholds one.
    public var isHTTPOnly: Bool
    /// `SameSite` as the server gave it (`nil` when absent or not one of the three values); kept, not enforced.
    public var sameSite: SameSite?
    /// Whether the cookie goes to `domain` exactly (no `Domain` attribute, or the host is an IP address), rather
    /// than to `domain` and its subdomains.
    public var isHostOnly: Bool
    /// When the cookie was first stored; a replacement with the same name, domain and path keeps it.
    package var created: Date

    /// A cookie with every attribute given (the jar makes them from `Set-Cookie` fields).
    package init(
        name: String, value: String, domain: String, path: String, expires: Date?, isSecure: Bool, isHTTPOnly: Bool,
        sameSite: SameSite?, isHostOnly: Bool, created: Date
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
        self.isHostOnly = isHostOnly
        self.created = created
    }

    /// Whether the cookie has expired at `now` (a session cookie never does).
    package func isExpired(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// `name=value` as the `Cookie` request header carries it; only the value for a nameless cookie.
    package var headerPair: String { name.isEmpty ? value : "\(name)=\(value)" }
}

/// How a request follows redirects; the client follows them itself, the same over every transport.
///
/// ```swift
/// configuration.redirectPolicy = .follow(maximum: 5)
/// let page = EndpointBuilder.get("/login").redirectPolicy(.never)            // the 302 itself comes back
/// let sameHost = RedirectPolicy { $0.to.host == "api.example.com" }         // decide per hop
/// ```
///
/// Redirects are followed by the client rather than the transport, so the rules are the same on every platform;
/// the policy only says how far and where. The rules, the same for every policy: 303 (and 301/302 after a
/// `POST`) become a `GET` without a body, 307 and 308 replay the method and body; a hop to another origin drops
/// `Authorization`, `Proxy-Authorization` and `Cookie`, so credentials never leak to another host; a loop, a
/// `Location` that is not http(s), or one hop too many fails with `TransportFailure.Kind.redirect`. See
/// <doc:RetriesRedirectsCookiesAndCaching>.
public struct RedirectPolicy: Sendable {
    /// The most redirects one request follows (default 20; negative values become 0); one more fails with
    /// `TransportFailure.Kind.redirect`, which stops a misconfigured server's endless chain.
    public var maximumRedirects: Int
    /// Whether a redirect from `https` to `http` is followed (default `false`: it fails with `.redirect`), since
    /// the follow-up request and its response would travel unencrypted.
    public var allowsInsecureRedirects: Bool
    /// Decides each hop before it is followed: `false` returns the redirect response itself. `nil` follows all.
    /// Use it to stay on trusted hosts or to handle one kind of redirect yourself (an OAuth callback URL).
    public var shouldFollow: (@Sendable (Redirect) -> Bool)?

    /// Creates a policy; the defaults are those of ``follow``.
    public init(
        maximumRedirects: Int = 20, allowsInsecureRedirects: Bool = false,
        shouldFollow: (@Sendable (Redirect) -> Bool)? = nil
    ) {
        self.maximumRedirects = max(0, maximumRedirects)
        self.allowsInsecureRedirects = allowsInsecureRedirects
        self.shouldFollow = shouldFollow
    }

    /// Follows up to 20 redirects (the default): as many as browsers allow, more than any legitimate chain needs.
    public static let follow = RedirectPolicy()

    /// Follows up to `maximum` redirects: lower it to fail fast against a server known to redirect once.
    public static func follow(maximum: Int) -> RedirectPolicy { RedirectPolicy(maximumRedirects: maximum) }

    /// Follows none: a redirect response is returned as it is (and validated like any other status, so add its
    /// code to the acceptable codes to read it without an error). For reading `Location` yourself.
    public static let never = RedirectPolicy(shouldFollow: { _ in false })
}

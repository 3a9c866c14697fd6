/// How a request follows redirects; the client follows them itself, the same over every transport.
///
/// ```swift
/// configuration.redirectPolicy = .follow(maximum: 5)
/// let page = EndpointBuilder.get("/login").redirectPolicy(.never)            // the 302 itself comes back
/// let sameHost = RedirectPolicy { $0.to.host == "api.example.com" }         // decide per hop
/// ```
///
/// The rules (`RedirectInterceptor`) are the same for every policy: see its documentation.
public struct RedirectPolicy: Sendable {
    /// The most redirects one request follows; one more fails with `TransportFailure.Kind.redirect`.
    public var maximumRedirects: Int
    /// Whether a redirect from `https` to `http` is followed (default `false`: it fails with `.redirect`).
    public var allowsInsecureRedirects: Bool
    /// Decides each hop before it is followed: `false` returns the redirect response itself. `nil` follows all.
    public var shouldFollow: (@Sendable (Redirect) -> Bool)?

    /// Creates a policy.
    public init(
        maximumRedirects: Int = 20, allowsInsecureRedirects: Bool = false,
        shouldFollow: (@Sendable (Redirect) -> Bool)? = nil
    ) {
        self.maximumRedirects = max(0, maximumRedirects)
        self.allowsInsecureRedirects = allowsInsecureRedirects
        self.shouldFollow = shouldFollow
    }

    /// Follows up to 20 redirects (the default).
    public static let follow = RedirectPolicy()

    /// Follows up to `maximum` redirects.
    public static func follow(maximum: Int) -> RedirectPolicy { RedirectPolicy(maximumRedirects: maximum) }

    /// Follows none: a redirect response is returned as it is (and validated like any other status).
    public static let never = RedirectPolicy(shouldFollow: { _ in false })
}

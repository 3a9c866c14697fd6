/// Which `CookieJar` a `NetworkClient` stores `Set-Cookie` in and takes `Cookie` headers from
/// (`Configuration.cookiePolicy`). The transports keep no cookies of their own, so the rules are the jar's over
/// every transport.
///
/// ```swift
/// configuration.cookiePolicy = .jar(try CookieJar(persistingTo: cookiesFile))   // kept across launches
/// configuration.cookiePolicy = .disabled                                          // only your own Cookie headers
/// ```
public enum CookiePolicy: Sendable {
    /// A new in-memory jar for each client (the default): clients, and tests against a local server, do not
    /// see each other's cookies.
    case perClient
    /// `CookieJar.shared`, one in-memory jar for every client in the process that uses this policy: for several
    /// clients of one backend that must share a login session.
    case shared
    /// The given jar: share one between chosen clients, or persist it with `CookieJar(persistingTo:)`.
    case jar(CookieJar)
    /// No jar: `Set-Cookie` is ignored and only `Cookie` headers you set yourself are sent. For token-authenticated
    /// APIs where a stray session cookie would only confuse the server, or to manage cookies by hand.
    case disabled

    /// The jar a new client uses, or `nil` for `.disabled`.
    func makeJar() -> CookieJar? {
        switch self {
        case .perClient: CookieJar()
        case .shared: CookieJar.shared
        case .jar(let jar): jar
        case .disabled: nil
        }
    }
}

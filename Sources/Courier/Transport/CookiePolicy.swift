/// Whether a `URLSessionTransport` stores cookies from responses and sends them with later requests.
public enum CookiePolicy: Sendable, Hashable {
    /// URLSession's standard behaviour: cookies go to and come from `HTTPCookieStorage.shared`, so every
    /// client (and every other URLSession user in the process) sees them.
    case shared
    /// No cookie storage: `Set-Cookie` is ignored and only `Cookie` headers you set yourself are sent.
    /// Keeps clients — and tests against a local server — from leaking cookies into each other.
    case disabled
}

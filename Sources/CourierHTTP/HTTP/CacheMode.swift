/// How one request uses the client's HTTP cache, as fetch's `RequestInit.cache` does (`HTTPRequest.cacheMode`,
/// set per endpoint with `Endpoint.cacheMode` or `EndpointBuilder.cacheMode(_:)`), instead of hand-written
/// `Cache-Control` request fields. Only buffered `GET`s use the cache; other requests ignore the mode.
///
/// ```swift
/// let fresh = try await client.response(.get("/feed").cacheMode(.reload))          // from the server, stored
/// let offline = try await client.response(.get("/feed").cacheMode(.onlyIfCached))  // stored, or a 504
/// ```
public enum CacheMode: Sendable, Hashable {
    /// The RFC 9111 rules: a fresh stored response answers, a stale one is revalidated. The right choice unless
    /// the screen has a reason to differ.
    case `default`
    /// The cache is neither read nor written: the request goes to the server as it is (`cacheStatus` is `nil`).
    /// For responses that must never be kept on disk (personal or one-off data).
    case noStore
    /// The stored response is not used; the request goes to the server and its response is stored. For
    /// pull-to-refresh.
    case reload
    /// A stored response is always revalidated first, fresh or not (like request `Cache-Control: no-cache`): never
    /// out of date, yet a `304` still saves the body's transfer.
    case noCache
    /// A stored response answers whatever its age (`.hit` or `.stale`); without one, the request goes out. For
    /// showing something at once when any content beats none.
    case forceCache
    /// A stored response answers whatever its age; without one, `504 Gateway Timeout`, nothing sent. For offline
    /// mode: it never touches the network.
    case onlyIfCached
}

/// How one request uses the client's HTTP cache, as fetch's `RequestInit.cache` does (`HTTPRequest.cacheMode`,
/// set per endpoint with `Endpoint.cacheMode` or `EndpointBuilder.cacheMode(_:)`), instead of hand-written
/// `Cache-Control` request fields. Only buffered `GET`s use the cache; other requests ignore the mode.
///
/// ```swift
/// let fresh = try await client.response(.get("/feed").cacheMode(.reload))          // from the server, stored
/// let offline = try await client.response(.get("/feed").cacheMode(.onlyIfCached))  // stored, or a 504
/// ```
public enum CacheMode: Sendable, Hashable {
    /// The RFC 9111 rules: a fresh stored response answers, a stale one is revalidated.
    case `default`
    /// The cache is neither read nor written: the request goes to the server as it is (`cacheStatus` is `nil`).
    case noStore
    /// The stored response is not used; the request goes to the server and its response is stored.
    case reload
    /// A stored response is always revalidated first, fresh or not (like request `Cache-Control: no-cache`).
    case noCache
    /// A stored response answers whatever its age (`.hit` or `.stale`); without one, the request goes out.
    case forceCache
    /// A stored response answers whatever its age; without one, `504 Gateway Timeout`, nothing sent.
    case onlyIfCached
}

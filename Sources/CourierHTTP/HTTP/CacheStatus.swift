/// How the client's HTTP cache answered a request (`HTTPResponse.cacheStatus`, `Response.cacheStatus`): what to
/// look at when a response seems out of date, or to tell the user the data is from the cache.
///
/// `nil` on a response means no cache took part: the client has none, or the request bypassed it.
public enum CacheStatus: Sendable, Hashable {
    /// Nothing usable was stored; the response came from the server (and may have been stored).
    case miss
    /// A fresh stored response answered without contacting the server.
    case hit
    /// A stored response was revalidated with the server (`304 Not Modified`) and answered with updated headers.
    case revalidated
    /// A stale stored response answered because the request accepted it (`max-stale`, `CacheMode.forceCache`,
    /// `.onlyIfCached`).
    case stale
    /// A stale stored response answered at once, within `stale-while-revalidate`, while it is revalidated in the
    /// background.
    case staleWhileRevalidate
    /// A stale stored response answered because revalidating it failed (no response, or 500, 502, 503, 504)
    /// within `stale-if-error`.
    case staleIfError
}

/// How the client's HTTP cache answered a request (`HTTPResponse.cacheStatus`, `Response.cacheStatus`).
///
/// `nil` on a response means no cache took part: the client has none, or the request bypassed it.
public enum CacheStatus: Sendable, Hashable {
    /// Nothing usable was stored; the response came from the server (and may have been stored).
    case miss
    /// A fresh stored response answered without contacting the server.
    case hit
    /// A stored response was revalidated with the server (`304 Not Modified`) and answered with updated headers.
    case revalidated
    /// A stale stored response answered, as `stale-while-revalidate` or `stale-if-error` allow.
    case stale
}

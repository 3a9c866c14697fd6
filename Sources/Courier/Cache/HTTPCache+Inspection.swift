import Foundation

/// One response an `HTTPCache` holds, as `HTTPCache.cachedResponses()` lists it: a read-only copy, for a
/// debug screen or a test that checks what was stored.
public struct CachedResponse: Sendable, Hashable {
    /// The URL that answered (after redirects), `nil` when the transport reported none.
    public let url: URL?
    /// The status code: `200` for most entries; other statuses are stored when RFC 9111 allows it (a `301`, a
    /// `404` with freshness information, say).
    public let statusCode: Int
    /// The stored header fields (hop-by-hop fields are not stored).
    public let headers: HTTPHeaders
    /// The body as stored, held in memory in this copy.
    public let body: Data
    /// When the response arrived (or was last revalidated): the clock freshness is counted from.
    public let storedAt: Date
    /// The stored request's fields the response's `Vary` names (lowercased), which a request must match to be
    /// answered with it; a listed field the request did not have is left out. Empty without `Vary`.
    public let varyingRequestFields: HTTPHeaders

    init(_ entry: CacheEntry) {
        url = entry.url
        statusCode = entry.statusCode
        headers = entry.headers
        body = entry.body
        storedAt = entry.responseTime
        varyingRequestFields = HTTPHeaders(entry.varyFields.compactMap { field in field.value.map { .init(name: field.name, value: $0) } })
    }
}

extension HTTPCache {
    /// Every stored response (each `Vary` variant on its own), most recently used first; listing does not count as
    /// a use. A disk cache reads every entry file, on its own thread, and the result holds every body in memory:
    /// meant for debugging and tests, not for a hot path.
    public func cachedResponses() async -> [CachedResponse] {
        await entries(named: namesByRecency, key: nil).map(CachedResponse.init)
    }

    /// The responses stored for `url` (its fragment ignored): one per `Vary` variant, most recently used first.
    /// Listing does not count as a use, so it does not change what is evicted next.
    public func cachedResponses(for url: URL) async -> [CachedResponse] {
        let key = CacheInterceptor.key(for: url)
        let names = names(for: key)
        return await entries(named: namesByRecency.filter(names.contains), key: key).map(CachedResponse.init)
    }

    /// Removes the responses stored for `url` (every variant): the next request for it goes to the server.
    public func removeCachedResponses(for url: URL) async {
        await remove(CacheInterceptor.key(for: url))
    }
}

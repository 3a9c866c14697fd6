import Foundation

/// What a stored response may be used for by one request at one moment (RFC 9111 §4.2, §5.2.1; RFC 5861;
/// RFC 8246): the one place these rules are decided.
package struct CacheFreshness: Sendable, Equatable {
    /// How the stored response may be used.
    package enum Use: Sendable, Equatable {
        /// Fresh enough for the request: answer without contacting the server.
        case fresh
        /// Stale, but within the request's `max-stale`: answer as it is.
        case stale
        /// Stale within `stale-while-revalidate`: answer, and revalidate in the background.
        case staleWhileRevalidating
        /// Revalidate first; `staleIfError` says whether an error may be answered with the stored response.
        case revalidate(staleIfError: Bool)
    }

    /// The stored response's age now, in seconds.
    package let age: Double
    /// Its freshness lifetime, in seconds.
    package let lifetime: Double
    /// How it may be used.
    package let use: Use

    /// Judges `entry` for a request with `request` directives at `now`.
    package init(_ entry: CacheEntry, request: CacheControl, at now: Date) {
        let response = entry.cacheControl
        let age = entry.currentAge(at: now)
        let lifetime = entry.freshnessLifetime
        self.age = age
        self.lifetime = lifetime
        let staleness = age - lifetime
        // `must-revalidate` and `no-cache` forbid every use of a stale response (§5.2.2.2, §5.2.2.4).
        let mayServeStale = !response.mustRevalidate && !response.noCache
        let staleIfErrorLimit = [response.staleIfError, request.staleIfError].compactMap { $0 }.max()
        let staleIfError = mayServeStale && staleIfErrorLimit.map { staleness <= Double($0) } == true
        if response.noCache || request.noCache {
            use = .revalidate(staleIfError: false)
            return
        }
        // A request's `max-age` is a bound on the age; `immutable` makes a fresh response ignore it (a reload).
        let ageAccepted = request.maxAge.map { age <= Double($0) } ?? true
        if age < lifetime {
            let freshEnough = request.minFresh.map { lifetime - age >= Double($0) } ?? true
            use = freshEnough && (ageAccepted || response.immutable) ? .fresh : .revalidate(staleIfError: staleIfError)
        } else if mayServeStale, ageAccepted, request.minFresh == nil, let maxStale = request.maxStale, staleness <= Double(maxStale) {
            use = .stale
        } else if mayServeStale, ageAccepted, let window = response.staleWhileRevalidate, staleness <= Double(window) {
            use = .staleWhileRevalidating
        } else {
            use = .revalidate(staleIfError: staleIfError)
        }
    }
}

import Foundation

/// The cookie store of RFC 6265bis §5.7–§5.8 as a value: storing parsed `Set-Cookie` fields, choosing the cookies
/// for a request, purging expired ones and keeping the limits. `CookieJar` guards one with a lock and persists it.
package struct CookieStore: Sendable {
    /// The most cookies kept per domain (50).
    package static let perDomainLimit = 50
    /// The most cookies kept in all (3000).
    package static let totalLimit = 3000

    /// What identifies a cookie: a new one with the same key replaces the old (§5.7 step 22).
    struct Key: Hashable {
        var name: String
        var domain: String
        var path: String
        var isHostOnly: Bool

        init(_ cookie: Cookie) {
            (name, domain, path, isHostOnly) = (cookie.name, cookie.domain, cookie.path, cookie.isHostOnly)
        }
    }

    /// A stored cookie, when a request last carried it (the eviction order), and its place in the order of
    /// creation (which orders cookies created in the same instant as they arrived).
    package struct Entry: Sendable, Hashable {
        /// The cookie.
        package var cookie: Cookie
        /// When a `Cookie` header last carried it (its creation until then).
        package var lastAccess: Date
        /// Its place in the order of creation.
        package var sequence: UInt64
    }

    private(set) var entries: [Key: Entry] = [:]
    private var nextSequence: UInt64 = 0
    /// How many entries each domain has (kept with `entries`, so limits cost no scan).
    private var countByDomain: [String: Int] = [:]
    /// Counts the changes to persistent cookies (those with an expiry): a persisted jar writes when it moved.
    package private(set) var persistentRevision: UInt64 = 0
    /// No entry expires before this (the earliest expiry stored since the last purge), so most calls skip the scan.
    private var earliestExpiry: Date = .distantFuture
    let publicSuffixes: PublicSuffixList
    let perDomainLimit: Int
    let totalLimit: Int

    /// An empty store refusing `publicSuffixes` as domains and keeping at most the given numbers of cookies.
    package init(
        publicSuffixes: PublicSuffixList = .system, perDomainLimit: Int = Self.perDomainLimit, totalLimit: Int = Self.totalLimit
    ) {
        self.publicSuffixes = publicSuffixes
        self.perDomainLimit = perDomainLimit
        self.totalLimit = totalLimit
    }

    /// Every stored entry in order of creation.
    package var allEntries: [Entry] {
        entries.values.sorted { ($0.cookie.created, $0.sequence) < ($1.cookie.created, $1.sequence) }
    }

    /// Puts back entries read from a file (as they were; the limits apply to later changes).
    package mutating func restore(_ restored: [Entry]) {
        for entry in restored {
            insert(entry)
            nextSequence = max(nextSequence, entry.sequence &+ 1)
        }
    }

    /// Stores `setCookie`, received from `url` at `now`, by the storage model of §5.7; returns the stored cookie
    /// (already expired when it only deleted its namesake), or why nothing was stored.
    @discardableResult
    package mutating func store(_ setCookie: SetCookie, from url: URL, now: Date) -> Result<Cookie, CookieRejection> {
        let result = Self.makeCookie(setCookie, from: url, now: now, publicSuffixes: publicSuffixes)
        guard case .success(var cookie) = result else { return result }
        if !cookie.isSecure, !CookieMatching.isSecure(url), overlapsSecureCookie(cookie, now: now) {
            return .failure(.overlapsSecureCookie)
        }
        let key = Key(cookie)
        var sequence = nextSequence
        if let old = remove(key) {
            cookie.created = old.cookie.created
            sequence = old.sequence
        } else {
            nextSequence &+= 1
        }
        purgeExpired(now: now)
        guard !cookie.isExpired(at: now) else { return .success(cookie) }
        insert(Entry(cookie: cookie, lastAccess: now, sequence: sequence))
        enforceLimits(keeping: key)
        return .success(cookie)
    }

    /// §5.7 steps 2–21 for one field: the cookie it makes, before it meets the store.
    private static func makeCookie(
        _ setCookie: SetCookie, from url: URL, now: Date, publicSuffixes: PublicSuffixList
    ) -> Result<Cookie, CookieRejection> {
        guard !(setCookie.name.isEmpty && setCookie.value.isEmpty) else { return .failure(.emptyNameAndValue) }
        guard let host = CookieMatching.canonicalHost(of: url) else { return .failure(.noHost) }
        var domain = setCookie.domain ?? ""
        guard domain.unicodeScalars.allSatisfy(\.isASCII) else { return .failure(.nonASCIIDomain) }
        if !domain.isEmpty, publicSuffixes.isPublicSuffix(domain) {
            guard domain == host else { return .failure(.publicSuffixDomain) }
            domain = ""
        }
        if !domain.isEmpty {
            guard CookieMatching.domainMatches(host, domain) else { return .failure(.domainMismatch) }
            // An IP address only matches itself: the cookie stays with that host.
            if CookieMatching.isIPAddress(host) { domain = "" }
        }
        let path = setCookie.path.flatMap { $0.isEmpty ? nil : $0 } ?? CookieMatching.defaultPath(of: url)
        let cookie = Cookie(
            name: setCookie.name, value: setCookie.value, domain: domain.isEmpty ? host : domain, path: path,
            expires: setCookie.expires, isSecure: setCookie.isSecure, isHTTPOnly: setCookie.isHTTPOnly,
            sameSite: setCookie.sameSite, isHostOnly: domain.isEmpty, created: now)
        if cookie.isSecure, !CookieMatching.isSecure(url) { return .failure(.secureFromInsecureOrigin) }
        if cookie.sameSite == Cookie.SameSite.none, !cookie.isSecure { return .failure(.sameSiteNoneWithoutSecure) }
        if hasPrefix(cookie.name, "__Secure-"), !cookie.isSecure { return .failure(.securePrefix) }
        if hasPrefix(cookie.name, "__Host-"), !(cookie.isSecure && cookie.isHostOnly && setCookie.path == "/") {
            return .failure(.hostPrefix)
        }
        if cookie.name.isEmpty, hasPrefix(cookie.value, "__Secure-") || hasPrefix(cookie.value, "__Host-") {
            return .failure(.securePrefix)
        }
        return .success(cookie)
    }

    /// Whether `text` starts with the ASCII `prefix`, ignoring case (as the current draft matches them).
    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        text.lowercased().hasPrefix(prefix.lowercased())
    }

    /// §5.7 step 16: a live `Secure` cookie of the same name whose domain matches the new one's either way and whose
    /// path the new one's path matches.
    private func overlapsSecureCookie(_ cookie: Cookie, now: Date) -> Bool {
        entries.values.contains { entry in
            let old = entry.cookie
            return old.isSecure && !old.isExpired(at: now) && old.name == cookie.name
                && (CookieMatching.domainMatches(old.domain, cookie.domain) || CookieMatching.domainMatches(cookie.domain, old.domain))
                && CookieMatching.pathMatches(cookie.path, old.path)
        }
    }

    /// The cookies for a request to `url` at `now` (§5.8.3), longer paths first, then earlier creation; marks them
    /// accessed when `access` is set (the `Cookie` header), not for a mere look.
    package mutating func cookies(for url: URL, now: Date, access: Bool) -> [Cookie] {
        purgeExpired(now: now)
        guard !entries.isEmpty, let host = CookieMatching.canonicalHost(of: url) else { return [] }
        let path = CookieMatching.requestPath(of: url)
        let secure = CookieMatching.isSecure(url)
        let matching = entries.filter { _, entry in
            let cookie = entry.cookie
            let hostMatches = cookie.isHostOnly ? host == cookie.domain : CookieMatching.domainMatches(host, cookie.domain)
            return hostMatches && CookieMatching.pathMatches(path, cookie.path) && (secure || !cookie.isSecure)
        }
        if access { for key in matching.keys { entries[key]?.lastAccess = now } }
        return matching.values.sorted { lhs, rhs in
            let (left, right) = (lhs.cookie, rhs.cookie)
            if left.path.utf8.count != right.path.utf8.count { return left.path.utf8.count > right.path.utf8.count }
            return (left.created, lhs.sequence) < (right.created, rhs.sequence)
        }.map(\.cookie)
    }

    /// Removes every cookie expired at `now` (§5.7: expired cookies are evicted whenever they exist).
    package mutating func purgeExpired(now: Date) {
        guard earliestExpiry <= now else { return }
        let live = entries.values.filter { !$0.cookie.isExpired(at: now) }
        removeAll()
        for entry in live { insert(entry) }
    }

    /// Removes every cookie.
    package mutating func removeAll() {
        if entries.values.contains(where: { $0.cookie.expires != nil }) { persistentRevision &+= 1 }
        entries.removeAll()
        countByDomain.removeAll()
        earliestExpiry = .distantFuture
    }

    /// Adds `entry`, replacing one with its key.
    private mutating func insert(_ entry: Entry) {
        let key = Key(entry.cookie)
        let old = entries.updateValue(entry, forKey: key)
        if old == nil { countByDomain[key.domain, default: 0] += 1 }
        if let expires = entry.cookie.expires { earliestExpiry = min(earliestExpiry, expires) }
        if entry.cookie.expires != nil || old?.cookie.expires != nil { persistentRevision &+= 1 }
    }

    /// Removes and returns the entry with `key`, if any.
    @discardableResult
    private mutating func remove(_ key: Key) -> Entry? {
        guard let old = entries.removeValue(forKey: key) else { return nil }
        if old.cookie.expires != nil { persistentRevision &+= 1 }
        countByDomain[key.domain] = (countByDomain[key.domain] ?? 1) > 1 ? (countByDomain[key.domain] ?? 1) - 1 : nil
        return old
    }

    /// Evicts, after `key` was stored, the least recently used cookies of its domain beyond `perDomainLimit` and
    /// then of the whole store beyond `totalLimit` (expired ones are already gone); `key` itself was just used.
    private mutating func enforceLimits(keeping key: Key) {
        let domainCount = countByDomain[key.domain] ?? 0
        if domainCount > perDomainLimit {
            evict(domainCount - perDomainLimit, from: entries.keys.filter { $0.domain == key.domain }, keeping: key)
        }
        if entries.count > totalLimit { evict(entries.count - totalLimit, from: Array(entries.keys), keeping: key) }
    }

    private mutating func evict(_ count: Int, from keys: [Key], keeping kept: Key) {
        let candidates = keys.filter { $0 != kept }.compactMap { key in entries[key].map { (key, $0) } }
        let earlier: ((Key, Entry), (Key, Entry)) -> Bool = { lhs, rhs in
            (lhs.1.lastAccess, lhs.1.sequence) < (rhs.1.lastAccess, rhs.1.sequence)
        }
        // One over the limit is the common case: find the least recently used without sorting them all.
        let victims = count == 1 ? candidates.min(by: earlier).map { [$0] } ?? [] : Array(candidates.sorted(by: earlier).prefix(count))
        for (key, _) in victims { remove(key) }
    }
}

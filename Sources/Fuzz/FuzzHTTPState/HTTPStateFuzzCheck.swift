import Courier
import CourierHTTP
import Foundation
import FuzzingSupport

/// The parsers of HTTP state on any bytes, each with the rule that must hold whatever a server sends:
/// - `Set-Cookie` (one field, or a joined value split as URLSessionTransport does; parsed, stored from one of a
///   few origins): a stored cookie's domain is its origin's
///   host or a parent of it that is not a public suffix, it is never sent to an unrelated site, its name and value
///   stay within the size limit, and its expiry within 400 days;
/// - the cache headers (`Cache-Control`, `Date`, `Age`, `Expires`, `Last-Modified`): ages, lifetimes and
///   directive values are never negative, NaN or infinite, `no-cache` always means revalidation, an invalid
///   `Age` means stale; a `Range` value selects bytes within the body or none;
/// - dates: any date `HTTPDate` accepts, formatted as an IMF-fixdate, parses back to itself; so does any date
///   `CookieDate` accepts, with both parsers.
///
/// Input: one byte choosing the parser (and the origin), then the text; cache headers are separated by NUL.
enum HTTPStateFuzzCheck {
    /// A fixed list, so that runs do not depend on the machine's public-suffix file.
    static let publicSuffixes = PublicSuffixList(text: "com\norg\nuk\nco.uk\ntest\n*.ck\n!www.ck\n")
    static let origins = [
        "https://www.example.com/a/b", "http://example.com/", "http://127.0.0.1:8080/x/y", "https://shop.example.co.uk/c",
    ].compactMap(URL.init(string:))
    /// A site no origin above may set a cookie for.
    static let unrelated = URL(string: "https://unrelated.test/")!
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let mode = input.byte()
        switch mode % 3 {
        case 0:
            let header = String(decoding: input.rest(), as: UTF8.self)
            // One field is one cookie; only URLSessionTransport splits a value it got joined.
            let fields = mode / 12 % 2 == 0 ? [header] : SetCookie.split(header)
            checkCookies(fields, from: origins[Int(mode / 3) % origins.count], bytes)
        case 1: checkCache(&input, bytes)
        default: checkDates(String(decoding: input.rest(), as: UTF8.self), bytes)
        }
    }

    static func checkCookies(_ fields: [String], from origin: URL, _ bytes: [UInt8]) {
        var store = CookieStore(publicSuffixes: publicSuffixes)
        guard let host = CookieMatching.canonicalHost(of: origin) else { return }
        for field in fields {
            guard case .success(let parsed) = SetCookie.parse(field, now: now) else { continue }
            guard parsed.name.utf8.count + parsed.value.utf8.count <= SetCookie.maximumNameValueSize else {
                FuzzDriver.fail("a cookie past the size limit: \(parsed)", input: bytes)
            }
            if let expires = parsed.expires, expires > now + SetCookie.maximumAge {
                FuzzDriver.fail("a cookie expiring after 400 days: \(parsed)", input: bytes)
            }
            guard case .success(let cookie) = store.store(parsed, from: origin, now: now) else { continue }
            guard CookieMatching.domainMatches(host, cookie.domain), !publicSuffixes.isPublicSuffix(cookie.domain) || cookie.domain == host else {
                FuzzDriver.fail("\(origin) stored a cookie for \(cookie.domain): \(field)", input: bytes)
            }
        }
        let leaked = store.cookies(for: unrelated, now: now, access: false)
        guard leaked.isEmpty else { FuzzDriver.fail("\(origin) set cookies sent to \(unrelated): \(leaked)", input: bytes) }
        for cookie in store.cookies(for: origin, now: now, access: true) where cookie.isExpired(at: now) {
            FuzzDriver.fail("an expired cookie was sent: \(cookie)", input: bytes)
        }
    }

    static func checkCache(_ input: inout FuzzInput, _ bytes: [UInt8]) {
        let status = [200, 203, 204, 206, 300, 301, 304, 404, 410, 500][input.choice(10)]
        var headers = HTTPHeaders()
        for name in ["Cache-Control", "Date", "Age", "Expires", "Last-Modified"] {
            let value = String(decoding: input.piece(), as: UTF8.self)
            if !value.isEmpty { headers.add(name: name, value: value) }
        }
        let requestText = String(decoding: input.rest(), as: UTF8.self)
        let requestDirectives = CacheControl(parsing: requestText)
        let length = Int(bytes.count % 64)
        if let range = CacheEntry.byteRange(requestText, length: length), range.isEmpty || range.lowerBound < 0 || range.upperBound > length {
            FuzzDriver.fail("Range '\(requestText)' of \(length) bytes gave \(range)", input: bytes)
        }
        let response = CacheControl(headers)
        for (name, seconds) in [
            ("max-age", response.maxAge), ("max-stale", requestDirectives.maxStale), ("min-fresh", requestDirectives.minFresh),
            ("stale-while-revalidate", response.staleWhileRevalidate), ("stale-if-error", response.staleIfError),
        ] where (seconds ?? 0) < 0 {
            FuzzDriver.fail("\(name) parsed as \(seconds ?? 0)", input: bytes)
        }
        let entry = CacheEntry(
            key: "k", url: origins[0], statusCode: status, headers: headers, body: Data(), requestTime: now - 1, responseTime: now,
            varyFields: [])
        let ages = headers.values(for: "Age")
        if !ages.isEmpty, ages.count > 1 || CacheControl.deltaSeconds(ages[0].trimmingCharacters(in: [" ", "\t"])) == nil,
           entry.freshnessLifetime != 0 {
            FuzzDriver.fail("an invalid Age \(ages) left the response fresh for \(entry.freshnessLifetime) s", input: bytes)
        }
        for later in [0.0, 1, 86_400, 1e9] {
            let freshness = CacheFreshness(entry, request: requestDirectives, at: now + later)
            for (name, value) in [("age", freshness.age), ("lifetime", freshness.lifetime)] where !value.isFinite || value < 0 {
                FuzzDriver.fail("\(name) is \(value) at +\(later) s for \(headers)", input: bytes)
            }
            if response.noCache || requestDirectives.noCache, freshness.use != .revalidate(staleIfError: false) {
                FuzzDriver.fail("no-cache was served as \(freshness.use) for \(headers)", input: bytes)
            }
        }
    }

    static func checkDates(_ text: String, _ bytes: [UInt8]) {
        if let date = HTTPDate.parse(text) {
            let formatted = HTTPDate.format(date)
            guard HTTPDate.parse(formatted) == date else {
                FuzzDriver.fail("'\(text)' parsed as \(date), formatted '\(formatted)', which HTTPDate does not read back", input: bytes)
            }
        }
        if let date = CookieDate.parse(text) {
            let formatted = HTTPDate.format(date)
            guard HTTPDate.parse(formatted) == date, CookieDate.parse(formatted) == date else {
                FuzzDriver.fail("cookie date '\(text)' parsed as \(date), formatted '\(formatted)', which does not parse back", input: bytes)
            }
        }
    }
}

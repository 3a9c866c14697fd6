@testable import Courier
import Foundation
import Testing

/// RFC 6265bis §5.7–§5.8, the storage model and retrieval: one row per storage rule, then replacement, expiry,
/// ordering, matching and the limits.
@Suite struct CookieStoreTests {
    /// What a stored cookie's resolved attributes are.
    struct Stored: Sendable, Hashable {
        var domain: String
        var path: String
        var hostOnly: Bool
        var secure = false
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var url: String
        var field: String
        var expected: Result<Stored, CookieRejection>
        var testDescription: String { "\(url) \(field.debugDescription)" }

        init(_ url: String, _ field: String, _ domain: String, _ path: String, hostOnly: Bool, secure: Bool = false) {
            (self.url, self.field) = (url, field)
            expected = .success(Stored(domain: domain, path: path, hostOnly: hostOnly, secure: secure))
        }

        init(_ url: String, _ field: String, rejected reason: CookieRejection) {
            (self.url, self.field, expected) = (url, field, .failure(reason))
        }
    }

    static let www = "https://www.example.com/a/b"

    static let rows: [Row] = [
        // Host-only unless Domain is given; the default path is the URL's directory.
        Row(www, "a=1", "www.example.com", "/a", hostOnly: true),
        Row("https://WWW.Example.COM/", "a=1", "www.example.com", "/", hostOnly: true),
        Row(www, "a=1; Domain=example.com", "example.com", "/a", hostOnly: false),
        Row(www, "a=1; Domain=.EXAMPLE.com", "example.com", "/a", hostOnly: false),
        Row(www, "a=1; Domain=www.example.com", "www.example.com", "/a", hostOnly: false),
        Row(www, "a=1; Domain=", "www.example.com", "/a", hostOnly: true),
        // Domain must domain-match the request host.
        Row(www, "a=1; Domain=other.com", rejected: .domainMismatch),
        Row(www, "a=1; Domain=sub.www.example.com", rejected: .domainMismatch),
        Row(www, "a=1; Domain=ample.com", rejected: .domainMismatch),
        Row(www, "a=1; Domain=bücher.example", rejected: .nonASCIIDomain),
        // Public suffixes are refused, except as the host itself (then host-only).
        Row(www, "a=1; Domain=com", rejected: .publicSuffixDomain),
        Row("https://www.example.co.uk/", "a=1; Domain=co.uk", rejected: .publicSuffixDomain),
        Row("https://www.example.co.uk/", "a=1; Domain=example.co.uk", "example.co.uk", "/", hostOnly: false),
        Row("https://a.b.ck/", "a=1; Domain=b.ck", rejected: .publicSuffixDomain),
        Row("https://github.io/", "a=1; Domain=github.io", "github.io", "/", hostOnly: true),
        Row("http://localhost/", "a=1; Domain=localhost", "localhost", "/", hostOnly: true),
        Row("http://intranet/", "a=1; Domain=intranet", "intranet", "/", hostOnly: true),
        // IP addresses: host-only, and only the address itself matches.
        Row("http://192.168.0.1/", "a=1", "192.168.0.1", "/", hostOnly: true),
        Row("http://192.168.0.1/", "a=1; Domain=192.168.0.1", "192.168.0.1", "/", hostOnly: true),
        Row("http://192.168.0.1/", "a=1; Domain=168.0.1", rejected: .domainMismatch),
        Row("http://[::1]:8080/x/y", "a=1", "::1", "/x", hostOnly: true),
        Row("http://xn--bcher-kva.example/", "a=1", "xn--bcher-kva.example", "/", hostOnly: true),
        // Path.
        Row(www, "a=1; Path=/x", "www.example.com", "/x", hostOnly: true),
        Row(www, "a=1; Path=relative", "www.example.com", "/a", hostOnly: true),
        Row(www, "a=1; Path=", "www.example.com", "/a", hostOnly: true),
        // Secure only from https (loopback http is not secure, by our rule).
        Row(www, "a=1; Secure", "www.example.com", "/a", hostOnly: true, secure: true),
        Row("http://www.example.com/", "a=1; Secure", rejected: .secureFromInsecureOrigin),
        Row("http://localhost/", "a=1; Secure", rejected: .secureFromInsecureOrigin),
        Row("http://127.0.0.1/", "a=1; Secure", rejected: .secureFromInsecureOrigin),
        // SameSite=None needs Secure.
        Row(www, "a=1; SameSite=None", rejected: .sameSiteNoneWithoutSecure),
        Row(www, "a=1; SameSite=None; Secure", "www.example.com", "/a", hostOnly: true, secure: true),
        Row("http://www.example.com/", "a=1; SameSite=Lax", "www.example.com", "/", hostOnly: true),
        // Prefixes (matched case-insensitively).
        Row(www, "__Secure-a=1", rejected: .securePrefix),
        Row(www, "__SECURE-a=1", rejected: .securePrefix),
        Row(www, "__Secure-a=1; Secure; Domain=example.com", "example.com", "/a", hostOnly: false, secure: true),
        Row(www, "__Host-a=1; Secure; Path=/", "www.example.com", "/", hostOnly: true, secure: true),
        Row(www, "__host-a=1; Path=/", rejected: .hostPrefix),
        Row(www, "__Host-a=1; Secure", rejected: .hostPrefix),
        Row(www, "__Host-a=1; Secure; Path=/x", rejected: .hostPrefix),
        Row(www, "__Host-a=1; Secure; Path=/; Domain=www.example.com", rejected: .hostPrefix),
        Row(www, "__Host-x", rejected: .securePrefix),
        Row(www, "=__Secure-x; Secure", rejected: .securePrefix),
        // Nameless cookies; empty ones; no host.
        Row(www, "token", "www.example.com", "/a", hostOnly: true),
        Row(www, "", rejected: .emptyNameAndValue),
        Row(www, "=", rejected: .emptyNameAndValue),
        Row(www, "; Secure", rejected: .emptyNameAndValue),
        Row("file:///tmp/x", "a=1", rejected: .noHost),
    ]

    @Test(arguments: rows) func storageModel(_ row: Row) {
        var store = fixtureStore()
        let result = store.receive(row.field, from: row.url).map {
            Stored(domain: $0.domain, path: $0.path, hostOnly: $0.isHostOnly, secure: $0.isSecure)
        }
        #expect(result == row.expected)
        #expect(store.entries.count == ((try? result.get()) == nil ? 0 : 1))
    }

    // MARK: The RFC's example exchanges (§3.1)

    @Test func theRFCsExampleExchanges() {
        var store = fixtureStore()
        let site = "https://www.example.com/"
        store.receive("SID=31d4d96e407aad42; Path=/; Domain=example.com", from: site)
        store.receive("lang=en-US; Path=/; Domain=example.com", from: site)
        #expect(store.header(for: site) == "SID=31d4d96e407aad42; lang=en-US")
        #expect(store.header(for: "https://example.com/other") == "SID=31d4d96e407aad42; lang=en-US")
        // Secure and HttpOnly, replacing SID; then lang deleted by an Expires in the past.
        store.receive("SID=31d4d96e407aad42; Path=/; Secure; HttpOnly", from: site)
        #expect(store.header(for: "http://www.example.com/") == "SID=31d4d96e407aad42; lang=en-US")
        store.receive("lang=en-US; Expires=Wed, 09 Jun 2021 10:18:14 GMT", from: site)
        store.receive("lang=; Path=/; Domain=example.com; Expires=Sun, 06 Nov 1994 08:49:37 GMT", from: site)
        #expect(store.header(for: site) == "SID=31d4d96e407aad42; SID=31d4d96e407aad42")
        #expect(store.header(for: "http://www.example.com/") == "SID=31d4d96e407aad42")
    }

    // MARK: Replacement and expiry

    @Test func aReplacementKeepsTheCreationTime() throws {
        var store = fixtureStore()
        store.receive("a=1; Path=/", from: "https://example.com/")
        let later = cookieNow + 100
        let replaced = try store.receive("a=2; Path=/; HttpOnly", from: "https://example.com/", now: later).get()
        #expect(replaced.created == cookieNow)
        #expect(replaced.isHTTPOnly)
        #expect(store.header(for: "https://example.com/", now: later) == "a=2")
        // Another path or domain is another cookie, with its own creation time.
        let other = try store.receive("a=3; Path=/x", from: "https://example.com/", now: later).get()
        #expect(other.created == later)
        #expect(store.entries.count == 2)
    }

    @Test(arguments: ["a=; Max-Age=0", "a=; Max-Age=-1", "a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT"])
    func anExpiredReplacementDeletes(_ field: String) {
        var store = fixtureStore()
        store.receive("a=1", from: "https://example.com/")
        store.receive("b=1", from: "https://example.com/")
        store.receive(field, from: "https://example.com/")
        #expect(store.header(for: "https://example.com/") == "b=1")
        #expect(store.entries.count == 1)
    }

    @Test func expiredCookiesAreNotSentAndArePurged() {
        var store = fixtureStore()
        store.receive("short=1; Max-Age=60", from: "https://example.com/")
        store.receive("long=1; Max-Age=3600", from: "https://example.com/")
        store.receive("session=1", from: "https://example.com/")
        #expect(store.header(for: "https://example.com/", now: cookieNow + 59) == "short=1; long=1; session=1")
        #expect(store.header(for: "https://example.com/", now: cookieNow + 60) == "long=1; session=1")
        #expect(store.entries.count == 2)
        #expect(store.header(for: "https://example.com/", now: cookieNow + 86_400 * 1000) == "session=1")
    }

    @Test func aNonSecureCookieFromHTTPCannotShadowASecureOne() {
        var store = fixtureStore()
        store.receive("a=secret; Secure; Path=/", from: "https://www.example.com/")
        #expect(store.receive("a=evil", from: "http://www.example.com/") == .failure(.overlapsSecureCookie))
        #expect(store.receive("a=evil; Path=/deeper", from: "http://www.example.com/") == .failure(.overlapsSecureCookie))
        #expect(store.receive("a=evil; Domain=example.com", from: "http://www.example.com/") == .failure(.overlapsSecureCookie))
        // Over https it may replace it; another name, or a path the secure one's does not cover, is fine.
        #expect(throws: Never.self) { try store.receive("b=1", from: "http://www.example.com/").get() }
        var scoped = fixtureStore()
        scoped.receive("a=secret; Secure; Path=/admin", from: "https://www.example.com/")
        #expect(throws: Never.self) { try scoped.receive("a=1; Path=/", from: "http://www.example.com/").get() }
        #expect(throws: Never.self) { try store.receive("a=2", from: "https://www.example.com/").get() }
        #expect(store.header(for: "https://www.example.com/") == "a=2; b=1")
    }

    // MARK: Retrieval

    struct Retrieval: Sendable, CustomTestStringConvertible {
        var url: String
        var header: String
        var testDescription: String { url }
    }

    /// The jar of `retrievalRows`: host-only, domain, path and secure cookies set from two hosts.
    static func retrievalStore() -> CookieStore {
        var store = fixtureStore()
        store.receive("host=1; Path=/", from: "https://www.example.com/")
        store.receive("domain=1; Domain=example.com; Path=/", from: "https://www.example.com/")
        store.receive("docs=1; Path=/docs", from: "https://www.example.com/")
        store.receive("secure=1; Secure; Path=/", from: "https://www.example.com/")
        store.receive("other=1", from: "https://other.com/")
        return store
    }

    static let retrievalRows: [Retrieval] = [
        Retrieval(url: "https://www.example.com/", header: "host=1; domain=1; secure=1"),
        Retrieval(url: "http://www.example.com/", header: "host=1; domain=1"),
        Retrieval(url: "https://www.example.com/docs/page", header: "docs=1; host=1; domain=1; secure=1"),
        Retrieval(url: "https://www.example.com/docs", header: "docs=1; host=1; domain=1; secure=1"),
        Retrieval(url: "https://www.example.com/docsets", header: "host=1; domain=1; secure=1"),
        Retrieval(url: "https://example.com/", header: "domain=1"),
        Retrieval(url: "https://deep.www.example.com/docs", header: "domain=1"),
        Retrieval(url: "https://WWW.EXAMPLE.COM:8443/", header: "host=1; domain=1; secure=1"),
        Retrieval(url: "https://badexample.com/", header: ""),
        Retrieval(url: "https://other.com/x", header: "other=1"),
        Retrieval(url: "https://sub.other.com/", header: ""),
    ]

    @Test(arguments: retrievalRows) func retrieval(_ row: Retrieval) {
        var store = Self.retrievalStore()
        #expect(store.header(for: row.url) == row.header)
    }

    @Test func theHeaderIsOrderedByLongerPathThenEarlierCreation() {
        var store = fixtureStore()
        store.receive("root-old=1; Path=/", from: "https://example.com/", now: cookieNow)
        store.receive("deep=1; Path=/a/b", from: "https://example.com/", now: cookieNow + 5)
        store.receive("mid-new=1; Path=/a", from: "https://example.com/", now: cookieNow + 3)
        store.receive("mid-old=1; Path=/a", from: "https://example.com/", now: cookieNow + 1)
        store.receive("root-new=1; Path=/", from: "https://example.com/", now: cookieNow + 2)
        // Created in one instant: in the order they arrived.
        for name in ["z", "y", "x"] { store.receive("\(name)=1; Path=/", from: "https://example.com/", now: cookieNow + 9) }
        #expect(store.header(for: "https://example.com/a/b/c", now: cookieNow + 10)
            == "deep=1; mid-old=1; mid-new=1; root-old=1; root-new=1; z=1; y=1; x=1")
    }

    // MARK: Limits

    @Test func theDomainLimitEvictsTheLeastRecentlyUsed() {
        var store = fixtureStore()
        for index in 0..<50 {
            let path = index == 0 ? "/q" : "/p"
            store.receive("c\(index)=1; Path=\(path)", from: "https://example.com/", now: cookieNow + Double(index))
        }
        // A request carries c0, so c1 is now the least recently used.
        #expect(store.header(for: "https://example.com/q", now: cookieNow + 100) == "c0=1")
        store.receive("new=1; Path=/p", from: "https://example.com/", now: cookieNow + 101)
        let names = Set(store.entries.keys.filter { $0.domain == "example.com" }.map(\.name))
        #expect(names.count == CookieStore.perDomainLimit)
        #expect(names.contains("c0"))
        #expect(!names.contains("c1"))
        #expect(names.contains("new"))
        // Other domains are untouched by example.com's limit.
        store.receive("x=1", from: "https://other.com/", now: cookieNow + 102)
        #expect(store.entries.count == 51)
    }

    @Test func expiredCookiesGoBeforeLiveOnes() {
        var store = fixtureStore()
        store.receive("short=1; Max-Age=10", from: "https://example.com/", now: cookieNow)
        for index in 0..<49 { store.receive("c\(index)=1", from: "https://example.com/", now: cookieNow + 1) }
        store.receive("new=1", from: "https://example.com/", now: cookieNow + 20)
        #expect(store.entries.count == 50)
        #expect(!store.entries.keys.contains { $0.name == "short" })
        #expect(store.entries.keys.contains { $0.name == "c0" })
    }

    @Test func theTotalLimitEvictsTheOldestAcrossDomains() {
        var store = fixtureStore()
        for domain in 0..<61 {
            for index in 0..<50 {
                let now = cookieNow + Double(domain * 50 + index)
                store.receive("c\(index)=1", from: "https://d\(domain).example.com/", now: now)
            }
        }
        #expect(store.entries.count == CookieStore.totalLimit)
        #expect(!store.entries.keys.contains { $0.domain == "d0.example.com" })
        #expect(store.entries.keys.filter { $0.domain == "d1.example.com" }.count == 50)
    }
}

@testable import Courier
import Foundation
import Testing

/// RFC 6265bis §5.1.2–§5.1.4 and the secure-origin rule: one row per case.
@Suite struct CookieMatchingTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        var lhs: String
        var rhs: String
        var matches: Bool
        var testDescription: String { "\(lhs) ~ \(rhs): \(matches)" }
        init(_ lhs: String, _ rhs: String, _ matches: Bool) { (self.lhs, self.rhs, self.matches) = (lhs, rhs, matches) }
    }

    static let domainRows: [Pair] = [
        Pair("example.com", "example.com", true),
        Pair("www.example.com", "example.com", true),
        Pair("a.b.example.com", "example.com", true),
        Pair("wwwexample.com", "example.com", false),
        Pair("example.com", "www.example.com", false),
        Pair("example.com.evil", "example.com", false),
        Pair("192.168.0.1", "192.168.0.1", true),
        Pair("192.168.0.1", "168.0.1", false),
        Pair("::1", "::1", true),
        Pair("fe80::1", "::1", false),
    ]

    @Test(arguments: domainRows) func domainMatch(_ row: Pair) {
        #expect(CookieMatching.domainMatches(row.lhs, row.rhs) == row.matches)
    }

    static let pathRows: [Pair] = [
        Pair("/", "/", true),
        Pair("/docs", "/docs", true),
        Pair("/docs/", "/docs", true),
        Pair("/docs/a", "/docs", true),
        Pair("/docs/a", "/docs/", true),
        Pair("/docsets", "/docs", false),
        Pair("/doc", "/docs", false),
        Pair("/", "/docs", false),
        Pair("/DOCS", "/docs", false),
        Pair("/anything", "/", true),
    ]

    @Test(arguments: pathRows) func pathMatch(_ row: Pair) {
        #expect(CookieMatching.pathMatches(row.lhs, row.rhs) == row.matches)
    }

    static let defaultPathRows: [Pair] = [
        Pair("http://h", "/", true),
        Pair("http://h/", "/", true),
        Pair("http://h/a", "/", true),
        Pair("http://h/a/", "/a", true),
        Pair("http://h/a/b", "/a", true),
        Pair("http://h/a/b/", "/a/b", true),
        Pair("http://h/a/b/c?q=/x/y#f/g", "/a/b", true),
        Pair("http://h/a%2Fb/c", "/a%2Fb", true),
    ]

    @Test(arguments: defaultPathRows) func defaultPath(_ row: Pair) {
        #expect(CookieMatching.defaultPath(of: url(row.lhs)) == row.rhs)
    }

    static let hostRows: [Pair] = [
        Pair("http://EXAMPLE.com/", "example.com", true),
        Pair("http://127.0.0.1:8080/", "127.0.0.1", true),
        Pair("http://[::1]:8080/", "::1", true),
        Pair("http://xn--bcher-kva.example/", "xn--bcher-kva.example", true),
        Pair("http://b%C3%BCcher.example/", "xn--bcher-kva.example", true),
        Pair("http://bücher.example/", "xn--bcher-kva.example", true),
        Pair("http://BÜCHER.example/", "xn--bcher-kva.example", true),
        Pair("http://example.com./", "example.com.", true),
    ]

    @Test(arguments: hostRows) func canonicalHost(_ row: Pair) {
        #expect(CookieMatching.canonicalHost(of: url(row.lhs)) == row.rhs)
    }

    @Test func aURLWithoutAHostHasNone() {
        #expect(CookieMatching.canonicalHost(of: url("file:///tmp/x")) == nil)
    }

    static let secureRows: [Pair] = [
        Pair("https://example.com/", "", true),
        Pair("HTTPS://example.com/", "", true),
        Pair("wss://example.com/", "", true),
        Pair("http://example.com/", "", false),
        Pair("http://localhost/", "", false),
        Pair("http://127.0.0.1/", "", false),
        Pair("ftp://example.com/", "", false),
    ]

    @Test(arguments: secureRows) func secureOrigin(_ row: Pair) {
        #expect(CookieMatching.isSecure(url(row.lhs)) == row.matches)
    }

    static let punycodeRows: [Pair] = [
        Pair("münchen", "xn--mnchen-3ya", true),
        Pair("bücher", "xn--bcher-kva", true),
        Pair("Bücher", "xn--bcher-kva", true),
        Pair("bu\u{308}cher", "xn--bcher-kva", true),
        Pair("рф", "xn--p1ai", true),
        Pair("中国", "xn--fiqs8s", true),
        Pair("www.bücher.example", "www.xn--bcher-kva.example", true),
        Pair("Example.COM", "example.com", true),
    ]

    @Test(arguments: punycodeRows) func punycode(_ row: Pair) {
        #expect(Punycode.asciiDomain(row.lhs) == row.rhs)
    }
}

#if os(Linux)
import Courier
import CourierHTTP
@testable import CourierSockets
import Foundation
import Testing

/// Where a request goes: the origin-form target, the `Host` header and the pool key, read from the URL.
@Suite("Request target (Linux)")
struct RequestTargetTests {
    @Test("origin form: path and query as written, no fragment", arguments: [
        ("http://a.test", "/"), ("http://a.test/", "/"), ("http://a.test?q=1", "/?q=1"), ("http://a.test/x/y?q=1&r=%20", "/x/y?q=1&r=%20"),
        ("http://a.test/x#frag", "/x"), ("http://a.test#frag", "/"), ("http://u:p@a.test:81/p%2Fq", "/p%2Fq"), ("http://[::1]:8080/v6", "/v6"),
        ("https://a.test/é", "/é"),
    ])
    func originForm(_ row: (url: String, target: String)) {
        #expect(RequestTarget.originForm(of: row.url) == row.target)
    }

    @Test("Host header and pool key", arguments: [
        ("http://A.test/x", "A.test", "a.test", 80), ("https://a.test/x", "a.test", "a.test", 443), ("http://a.test:8080/", "a.test:8080", "a.test", 8080),
        ("https://a.test:443/", "a.test", "a.test", 443), ("http://[::1]:9/", "[::1]:9", "::1", 9), ("http://127.0.0.1/", "127.0.0.1", "127.0.0.1", 80),
    ])
    func hostAndKey(_ row: (url: String, host: String, key: String, port: Int)) throws {
        let target = try RequestTarget(URL(string: row.url)!, proxies: .none)
        #expect(target.hostHeader == row.host)
        #expect(target.key.host == row.key)
        #expect(target.key.port == row.port)
    }

    @Test("an HTTP proxy gets the absolute form; a tunnel the origin form", arguments: [("http", true), ("https", false)])
    func proxyForms(_ row: (scheme: String, absolute: Bool)) throws {
        let proxies = ProxyConfiguration(httpProxy: URL(string: "http://p:3128"), httpsProxy: URL(string: "http://p:3128"))
        let target = try RequestTarget(URL(string: "\(row.scheme)://a.test/x?y=1")!, proxies: proxies)
        #expect(target.path == (row.absolute ? "http://a.test/x?y=1" : "/x?y=1"))
        #expect(target.key.proxy?.tunnels == !row.absolute)
        #expect(target.key.proxy?.port == 3128)
    }

    @Test("only http and https URLs with a host", arguments: ["ftp://a.test/x", "file:///etc/passwd", "http:///x"])
    func refused(_ url: String) {
        #expect(throws: NetworkError.self) { try RequestTarget(URL(string: url)!, proxies: .none) }
        let origins = RequestOriginCache()
        for _ in 0..<2 {
            #expect(throws: NetworkError.self) { try RequestTarget(RequestURL(URL(string: url)!), proxies: .none, origins: origins) }
        }
    }

    @Test("the scheme://authority an origin is kept under", arguments: [
        ("http://a.test/x?y=1", "http://a.test"), ("http://a.test", "http://a.test"), ("https://a.test?q=1", "https://a.test"),
        ("HTTP://A.test:81#f", "HTTP://A.test:81"), ("http://[::1]:8080/v6", "http://[::1]:8080"), ("x+y.z-1://h/", "x+y.z-1://h"),
        ("http://u:p@a.test/", nil), ("http://a.test@b.test/", nil), ("http:///x", nil), ("http:/a.test", nil), ("mailto:a@b.test", nil),
        ("1http://a.test/", nil), ("://a.test/", nil), ("", nil),
    ] as [(String, String?)])
    func originPrefix(_ row: (url: String, prefix: String?)) {
        #expect(RequestOriginCache.originPrefix(of: row.url).map(String.init) == row.prefix)
    }

    /// Read through the cache (warmed by another URL of the same origin, or not), a target is the one read from a
    /// parsed `URL`: the same key, host, `Host` header, request target and credentials.
    @Test("a target read through the origin cache is the one read from the URL", arguments: [
        "http://a.test/x?y=1", "http://A.test:8080/p%2Fq?r=%20", "https://a.test:443/", "http://[::1]:9/v6", "http://127.0.0.1/",
        "http://u:p%40ss@a.test:81/x", "https://a.test/é", "http://a.test#frag",
    ])
    func cachedMatchesParsed(_ url: String) throws {
        let parsed = URL(string: url)!
        for proxies in [ProxyConfiguration.none, ProxyConfiguration(httpProxy: URL(string: "http://p:3128"), httpsProxy: URL(string: "http://p:3128"))] {
            let direct = try RequestTarget(parsed, proxies: proxies)
            let origins = RequestOriginCache()
            let sibling = URL(string: "/other?z=9", relativeTo: parsed)!.absoluteURL
            for location in [RequestURL(parsed), RequestURL(sibling), RequestURL(parsed)] {
                let target = try RequestTarget(location, proxies: proxies, origins: origins)
                #expect(target.key == direct.key && target.host == direct.host && target.hostHeader == direct.hostHeader)
                #expect(target.basicAuthorization == direct.basicAuthorization)
                if location.string == parsed.absoluteString { #expect(target.path == direct.path) }
            }
        }
    }

    @Test("the origin cache holds at most its capacity")
    func originCacheIsBounded() throws {
        let origins = RequestOriginCache(capacity: 2)
        var reads = 0
        func read(_ host: String) throws {
            _ = try origins.origin(for: Substring("http://\(host)")) {
                reads += 1
                return try RequestOrigin(URL(string: "http://\(host)/")!, proxies: .none)
            }
        }
        try read("a.test"); try read("a.test"); try read("b.test")
        #expect(reads == 2)
        try read("c.test")   // full: starts over
        try read("a.test")
        #expect(reads == 4)
    }
}
#endif

#if os(Linux)
import Courier
@testable import CourierSockets
import Foundation
import Testing

/// Where a request goes: the origin-form target, the `Host` header and the pool key, read from the URL.
@Suite("Request target")
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
    }
}
#endif

#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// Proxies: the environment read as libcurl reads it, requests in absolute form through an HTTP proxy, and
/// `CONNECT` tunnels for https with TLS end to end.
@Suite("SocketTransport proxies (Linux)", .loopback)
struct SocketTransportProxyTests {
    struct EnvironmentCase: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var http: String?
        var https: String?
        var testDescription: String { environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ") }
    }

    @Test("the environment is read by libcurl's rules", arguments: [
        EnvironmentCase(environment: ["http_proxy": "proxy:3128"], http: "http://proxy:3128", https: nil),
        EnvironmentCase(environment: ["HTTP_PROXY": "proxy:3128"], http: nil, https: nil),
        EnvironmentCase(environment: ["HTTPS_PROXY": "http://secure:8080"], http: nil, https: "http://secure:8080"),
        EnvironmentCase(environment: ["https_proxy": "http://a:1", "HTTPS_PROXY": "http://b:2"], http: nil, https: "http://a:1"),
        EnvironmentCase(environment: ["all_proxy": "http://all:9"], http: "http://all:9", https: "http://all:9"),
        EnvironmentCase(environment: ["ALL_PROXY": "http://all:9", "http_proxy": "http://h:1"], http: "http://h:1", https: "http://all:9"),
        EnvironmentCase(environment: ["http_proxy": "  "], http: nil, https: nil),
        EnvironmentCase(environment: [:], http: nil, https: nil),
        EnvironmentCase(environment: ["all_proxy": "socks5://s:1080"], http: "socks5://s:1080", https: "socks5://s:1080"),
    ])
    func environment(_ row: EnvironmentCase) {
        let configuration = ProxyConfiguration(environment: row.environment)
        #expect(configuration.httpProxy?.absoluteString == row.http)
        #expect(configuration.httpsProxy?.absoluteString == row.https)
    }

    @Test("no_proxy excludes hosts, their subdomains, address ranges (CIDR), and everything for *", arguments: [
        ("example.com", "example.com", true), ("example.com", "api.example.com", true), (".example.com", "api.example.com", true),
        ("example.com", "notexample.com", false), ("example.com", "example.org", false), ("*", "anything.test", true),
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.10", false), ("EXAMPLE.com", "Api.Example.COM.", true),
        ("::1", "[::1]", true), ("a.test, b.test", "b.test", true),
        ("10.0.0.0/8", "10.20.30.40", true), ("10.0.0.0/8", "11.0.0.1", false), ("192.168.1.0/24", "192.168.1.255", true),
        ("192.168.1.0/24", "192.168.2.1", false), ("172.16.0.0/12", "172.31.255.1", true), ("172.16.0.0/12", "172.32.0.1", false),
        ("127.0.0.1/32", "127.0.0.1", true), ("0.0.0.0/0", "8.8.8.8", true), ("10.0.0.0/33", "10.0.0.1", false),
        ("10.0.0.0/x", "10.0.0.1", false), ("fd00::/8", "[fd12::1]", true), ("fd00::/8", "[fe80::1]", false),
        ("10.0.0.0/8", "[::ffff:10.0.0.1]", false), ("10.0.0.0/8", "ten.example", false),
    ])
    func noProxy(_ row: (noProxy: String, host: String, excluded: Bool)) {
        let configuration = ProxyConfiguration(environment: ["http_proxy": "http://proxy:1", "no_proxy": row.noProxy])
        #expect(configuration.excludes(row.host) == row.excluded)
    }

    @Test("through an HTTP proxy the request names the whole URL and carries the proxy's credentials",
          arguments: ["http", "HTTP"])
    func httpProxy(_ proxyScheme: String) async throws {
        let proxy = MockWebServer()
        try proxy.start()
        defer { proxy.shutdown() }
        proxy.enqueue(.text("proxied"))
        let configuration = ProxyConfiguration(httpProxy: URL(string: "\(proxyScheme)://user:p%40ss@127.0.0.1:\(proxy.port)")!)
        let transport = SocketTransport.testing(.init(proxy: configuration))
        let client = NetworkClient(baseURL: URL(string: "http://origin.example.test:8080/api")!, configuration: .init(retryPolicy: .never, transport: transport))
        let response = try await client.response(.get("/items").query(["q": "1"]))
        #expect(response.value == Data("proxied".utf8))
        let recorded = try await proxy.takeRequest()
        #expect(recorded.target == "http://origin.example.test:8080/api/items?q=1")
        #expect(recorded.headers["Host"] == "origin.example.test:8080")
        #expect(recorded.headers["Proxy-Authorization"] == "Basic " + Data("user:p@ss".utf8).base64EncodedString())
    }

    @Test("a proxy URL that is not http:// fails the request naming its scheme, before a byte reaches the proxy",
          arguments: ["https", "socks5", "SOCKS5H"], ["http", "https"])
    func unsupportedProxyScheme(_ proxyScheme: String, origin: String) async throws {
        let proxy = MockWebServer()
        try proxy.start()
        defer { proxy.shutdown() }
        proxy.enqueue(.text("proxied"))
        let url = URL(string: "\(proxyScheme)://user:secret@127.0.0.1:\(proxy.port)")!
        let configuration = ProxyConfiguration(httpProxy: url, httpsProxy: url)
        let client = NetworkClient(baseURL: URL(string: "\(origin)://origin.example.test/")!, configuration: .init(
            retryPolicy: .never, transport: SocketTransport.testing(.init(proxy: configuration))))
        let error = await #expect(throws: NetworkError.self) { try await client.response(.get("/x")) }
        guard case .configuration(.invalidRequest(let message)) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message.contains("'\(proxyScheme.lowercased())'"))
        #expect(!message.contains("secret"))
        #expect(proxy.connectionCount == 0)
        #expect(proxy.requestCount == 0)
    }

    @Test("excluded hosts are reached directly")
    func excludedHostDirect() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        server.enqueue(.text("direct"))
        let configuration = ProxyConfiguration(httpProxy: URL(string: "http://127.0.0.1:1")!, excludedHosts: ["127.0.0.1"])
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(retryPolicy: .never, transport: SocketTransport.testing(.init(proxy: configuration))))
        #expect(try await client.response(.get("/d")).value == Data("direct".utf8))
    }

    @Test("https goes through a CONNECT tunnel, TLS verified end to end with the origin")
    func connectTunnel() async throws {
        let ca = try HeldCertificate.authority()
        // The server keeps the idle tunnel as long as the client does: a stress run once stalled this test for
        // over 120 s, MockWebServer's default, between the two requests, and the second needed a new tunnel.
        var serverConfiguration = MockWebServer.Configuration(idleTimeout: .seconds(600))
        serverConfiguration.tls = try .init(serving: ca)
        let server = MockWebServer(configuration: serverConfiguration)
        try server.start()
        defer { server.shutdown() }
        let proxy = try TunnelProxy()
        defer { proxy.shutdown() }
        server.enqueue(.text("tunnelled"))
        server.enqueue(.text("again"))
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://u:pw@127.0.0.1:\(proxy.port)")!)
        // Idle connections are kept far longer than a sanitized, loaded run can take between the two requests.
        let transport = SocketTransport.testing(.init(idleConnectionTimeout: .seconds(600), tls: ca.trustingConfiguration, proxy: proxies))
        let client = NetworkClient(baseURL: server.url("/api"), configuration: .init(retryPolicy: .never, transport: transport))
        #expect(try await client.response(.get("/t")).value == Data("tunnelled".utf8))
        #expect(try await client.response(.get("/t2")).value == Data("again".utf8))
        let heads = proxy.requests
        #expect(heads.count == 1, "one tunnel, reused")
        #expect(heads.first?.hasPrefix("CONNECT 127.0.0.1:\(server.port) HTTP/1.1\r\n") == true)
        #expect(heads.first?.contains("Proxy-Authorization: Basic " + Data("u:pw".utf8).base64EncodedString()) == true)
        #expect(try await server.takeRequest().target == "/api/t")
    }

    @Test("a proxy refusing the tunnel is cannotConnect with its status")
    func refusedTunnel() async throws {
        let proxy = try TunnelProxy(refusal: "HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n")
        defer { proxy.shutdown() }
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://127.0.0.1:\(proxy.port)")!)
        let client = NetworkClient(baseURL: URL(string: "https://origin.example.test")!, configuration: .init(
            retryPolicy: .never, transport: SocketTransport.testing(.init(proxy: proxies))))
        let error = await #expect(throws: NetworkError.self) { try await client.response(.get("/x")) }
        guard case .transport(let failure) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(failure.kind == .cannotConnect)
        #expect(failure.code == 407)
        #expect(failure.message.contains("407"))
    }
}
#endif

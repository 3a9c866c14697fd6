@testable import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// Cookies over a real loopback socket, over both transports: what a server sets comes back on the next request,
/// only where it belongs.
@Suite(.loopback) struct CookieIntegrationTests {
    let server: MockWebServer
    let jar = CookieJar(store: fixtureStore())

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind, baseURL: URL? = nil) -> NetworkClient {
        NetworkClient(baseURL: baseURL ?? server.url("/api"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make(), cookiePolicy: .jar(jar)))
    }

    func setCookies(_ fields: String..., status: Int = 200) -> MockResponse {
        var headers = MockHeaders()
        for field in fields { headers.add(name: "Set-Cookie", value: field) }
        return MockResponse(status: status, headers: headers)
    }

    @Test(arguments: TransportKind.available) func aLoginCookieIsCarriedToTheNextRequest(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        // Two fields, one with the comma of an HTTP date: URLSession joins them, SocketTransport does not.
        server.enqueue(setCookies("session=abc123; Path=/; HttpOnly", "theme=dark; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/api"))
        server.enqueue(MockResponse(status: 200))
        let client = client(transport)
        _ = try await client.response(Call(method: .post, path: "/login").decoding(Data.self))
        _ = try await client.response(Call(path: "/me").decoding(Data.self))
        #expect(try await server.takeRequest().headers["Cookie"] == nil)
        #expect(try await server.takeRequest().headers.values(for: "Cookie") == ["theme=dark; session=abc123"])
        let stored = jar.cookies(for: server.url("/api/me"))
        #expect(stored.map(\.name) == ["theme", "session"])
        #expect(stored.last?.isHTTPOnly == true)
        #expect(stored.first?.expires != nil)
    }

    @Test(arguments: TransportKind.available) func aFailingResponseStillSetsItsCookie(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(setCookies("tries=1; Path=/", status: 401))
        server.enqueue(MockResponse(status: 200))
        let client = client(transport)
        await #expect(throws: NetworkError.self) { _ = try await client.response(Call(path: "/login").decoding(Data.self)) }
        _ = try await client.response(Call(path: "/login").decoding(Data.self))
        _ = try await server.takeRequest()
        #expect(try await server.takeRequest().headers["Cookie"] == "tries=1")
    }

    @Test(arguments: TransportKind.available) func aCookieForAnotherPathOrHostIsNotSent(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(setCookies("admin=1; Path=/api/admin"))
        for _ in 0..<3 { server.enqueue(MockResponse(status: 200)) }
        let client = client(transport)
        _ = try await client.response(Call(path: "/admin/login").decoding(Data.self))
        _ = try await client.response(Call(path: "/public").decoding(Data.self))
        _ = try await client.response(Call(path: "/admin/users").decoding(Data.self))
        // The same server under another host name is another host.
        let otherHost = URL(string: "http://localhost:\(server.port)/api")!
        _ = try await self.client(transport, baseURL: otherHost).response(Call(path: "/admin/users").decoding(Data.self))
        var cookies: [String?] = []
        for _ in 0..<4 { cookies.append(try await server.takeRequest().headers["Cookie"]) }
        #expect(cookies == [nil, nil, "admin=1", nil])
    }

    @Test(arguments: TransportKind.available) func aSecureCookieIsNotSentOverHTTP(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        // Set over https for this host (cookies ignore ports), sent to the plain-http server.
        jar.store("secure=1; Secure; Path=/", from: URL(string: "https://127.0.0.1/")!, now: Date())
        jar.store("plain=1; Path=/", from: URL(string: "https://127.0.0.1/")!, now: Date())
        // A Secure cookie the http server sets is refused.
        server.enqueue(setCookies("fromHTTP=1; Secure; Path=/", "ok=1; Path=/"))
        server.enqueue(MockResponse(status: 200))
        let client = client(transport)
        _ = try await client.response(Call(path: "/a").decoding(Data.self))
        _ = try await client.response(Call(path: "/b").decoding(Data.self))
        #expect(try await server.takeRequest().headers["Cookie"] == "plain=1")
        #expect(try await server.takeRequest().headers["Cookie"] == "plain=1; ok=1")
        #expect(jar.cookieHeader(for: URL(string: "https://127.0.0.1/")!, now: Date()) == "secure=1; plain=1; ok=1")
    }

    #if os(Linux)
    @Test func aSecureCookieSetOverHTTPSIsSentOverHTTPSOnly() async throws {
        server.shutdown()
        let ca = try HeldCertificate.authority()
        let secure = MockWebServer(configuration: .init(tls: try .init(serving: ca)))
        try secure.start()
        defer { secure.shutdown() }
        let plain = MockWebServer()
        try plain.start()
        defer { plain.shutdown() }
        secure.enqueue(setCookies("__Host-id=42; Secure; Path=/; SameSite=None", "pref=1; Path=/"))
        secure.enqueue(MockResponse(status: 200))
        plain.enqueue(MockResponse(status: 200))
        let https = NetworkClient(baseURL: secure.url("/"), configuration: .init(
            retryPolicy: .never, transport: SocketTransport.testing(.init(tls: ca.trustingConfiguration)), cookiePolicy: .jar(jar)))
        let http = NetworkClient(baseURL: plain.url("/"), configuration: .init(
            retryPolicy: .never, transport: SocketTransport.testing(), cookiePolicy: .jar(jar)))
        _ = try await https.response(Call(path: "/login").decoding(Data.self))
        _ = try await https.response(Call(path: "/me").decoding(Data.self))
        _ = try await http.response(Call(path: "/me").decoding(Data.self))
        _ = try await secure.takeRequest()
        #expect(try await secure.takeRequest().headers["Cookie"] == "__Host-id=42; pref=1")
        #expect(try await plain.takeRequest().headers["Cookie"] == "pref=1")
        #expect(jar.cookies(for: secure.url("/")).first?.sameSite == Cookie.SameSite.none)
    }
    #endif
}

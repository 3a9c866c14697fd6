import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `Configuration.cookiePolicy` wired into the client's stack, over both transports (neither keeps cookies of its
/// own): a jar per client by default, shared or given jars, and cookies recomputed for every redirect hop.
@Suite(.loopback) struct CookiePolicyTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
        server.dispatcher = { request in
            switch request.path {
            case "/login": MockResponse(status: 200, headers: ["Set-Cookie": "session=s1; Path=/"])
            case "/login-and-go": MockResponse(status: 302, headers: ["Set-Cookie": "session=s2; Path=/", "Location": "/home"])
            default: .text(request.headers["Cookie"] ?? "-")
            }
        }
    }

    func client(_ transport: TransportKind, _ policy: CookiePolicy = .perClient, baseURL: URL? = nil) -> NetworkClient {
        NetworkClient(baseURL: baseURL ?? server.baseURL, configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make(), cookiePolicy: policy))
    }

    func cookieHeaderSent(by client: NetworkClient, to path: EndpointPath = "/me") async throws -> String {
        try await client.send(EndpointBuilder<Data>.get(path).decoding(String.self, using: TextResponseDecoder()))
    }

    @Test(arguments: TransportKind.available)
    func eachClientHasItsOwnJarByDefault(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let first = client(transport)
        let second = client(transport)
        _ = try await first.response(.get("/login"))
        #expect(try await cookieHeaderSent(by: first) == "session=s1")
        #expect(try await cookieHeaderSent(by: second) == "-")
        #expect(first.cookieJar?.cookies.map(\.name) == ["session"])
        #expect(second.cookieJar?.cookies.isEmpty == true)
    }

    @Test(arguments: TransportKind.available)
    func aGivenJarIsSharedByTheClientsThatUseIt(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let jar = CookieJar()
        _ = try await client(transport, .jar(jar)).response(.get("/login"))
        #expect(try await cookieHeaderSent(by: client(transport, .jar(jar))) == "session=s1")
        #expect(jar.cookies(for: server.url("/me")).map(\.value) == ["s1"])
        #expect(try await cookieHeaderSent(by: client(transport, .disabled)) == "-")
    }

    @Test(arguments: TransportKind.available)
    func theSharedPolicyUsesTheProcessWideJar(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let shared = client(transport, .shared)
        #expect(shared.cookieJar === CookieJar.shared)
        // Another test's server may use the same jar: only this server's origin is looked at.
        _ = try await shared.response(.get("/login"))
        #expect(try await cookieHeaderSent(by: client(transport, .shared)) == "session=s1")
        for cookie in CookieJar.shared.cookies(for: server.url("/")) { #expect(cookie.value == "s1") }
    }

    @Test(arguments: TransportKind.available)
    func aCookieSetByARedirectIsSentToItsTarget(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        #expect(try await cookieHeaderSent(by: client, to: "/login-and-go") == "session=s2")
        let requests = server.recordedRequests
        #expect(requests.map(\.path) == ["/login-and-go", "/home"])
        #expect(requests.first?.headers["Cookie"] == nil)
    }

    @Test(arguments: TransportKind.available)
    func jarCookiesStayWithTheirHostAcrossARedirect(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        _ = try await client.response(.get("/login"))
        // 127.0.0.1 and localhost are different hosts for cookies, even on one socket.
        server.dispatcher = { request in
            request.path == "/away"
                ? MockResponse(status: 302, headers: ["Location": "http://localhost:\(server.port)/landed"])
                : .text(request.headers["Cookie"] ?? "-")
        }
        #expect(try await cookieHeaderSent(by: client, to: "/away") == "-")
        #expect(server.recordedRequests.last(where: { $0.path == "/away" })?.headers["Cookie"] == "session=s1")
    }
}

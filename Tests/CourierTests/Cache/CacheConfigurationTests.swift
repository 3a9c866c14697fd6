import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `Configuration.cache` wired into the client's stack, over both transports: hits never reach the server, a
/// revalidation says so on the `Response`, and the cache sits below redirects and cookies.
@Suite(.loopback) struct CacheConfigurationTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind, cache: HTTPCache) -> NetworkClient {
        NetworkClient(baseURL: server.baseURL, configuration: .init(retryPolicy: .never, transport: transport.make(), cache: cache))
    }

    @Test(arguments: TransportKind.available)
    func aFreshResponseIsAnsweredFromTheCache(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, headers: ["Cache-Control": "max-age=600", "Content-Type": "text/plain"], body: "fresh"))
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        let first = try await client.response(.get("/page"))
        let second = try await client.response(.get("/page"))
        #expect(first.cacheStatus == .miss)
        #expect(second.cacheStatus == .hit)
        #expect(second.value == Data("fresh".utf8))
        #expect(server.requestCount == 1)
    }

    @Test(arguments: TransportKind.available)
    func aNotModifiedAnswerRevalidatesTheStoredBody(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, headers: ["Cache-Control": "no-cache", "ETag": "\"v1\""], body: "stored"))
        server.enqueue(MockResponse(status: 304, headers: ["ETag": "\"v1\"", "X-Fresh": "yes"]))
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        _ = try await client.response(.get("/doc"))
        let revalidated = try await client.response(.get("/doc"))
        #expect(revalidated.cacheStatus == .revalidated)
        #expect(revalidated.statusCode == 200)
        #expect(revalidated.value == Data("stored".utf8))
        #expect(revalidated.headers["X-Fresh"] == "yes")
        _ = try await server.takeRequest()
        #expect(try await server.takeRequest().headers["If-None-Match"] == "\"v1\"")
    }

    @Test(arguments: TransportKind.available)
    func eachRedirectHopHasItsOwnEntry(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 301, headers: ["Location": "/new", "Cache-Control": "max-age=600"]))
        server.enqueue(MockResponse(status: 200, headers: ["Cache-Control": "max-age=600"], body: "moved here"))
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        _ = try await client.response(.get("/old"))
        let again = try await client.response(.get("/old"))
        #expect(again.value == Data("moved here".utf8))
        #expect(again.redirects.map(\.to.path) == ["/new"])
        #expect(again.cacheStatus == .hit)
        #expect(server.requestCount == 2)
    }

    @Test func theCacheSitsBelowCookiesAndAboveBuffering() {
        let client = NetworkClient(baseURL: URL(string: "https://example.com")!, configuration: .init(
            transport: StubTransport(), cache: HTTPCache(memoryCapacity: 1024)))
        let names = client.interceptors.map { String(describing: type(of: $0)) }
        #expect(names == [
            "RetryInterceptor", "RedirectInterceptor", "CookieInterceptor", "CacheInterceptor",
            "DefaultHeadersInterceptor", "ResponseBufferingInterceptor",
        ])
    }
}

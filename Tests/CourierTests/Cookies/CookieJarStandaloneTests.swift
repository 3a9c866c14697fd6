import Courier
import CourierTesting
import Foundation
import Testing

/// `CookieJar` without a client: fields in, a `Cookie` header out, at the time of an injected clock; and the
/// same jar's clock followed by a client over a loopback socket.
@Suite struct CookieJarStandaloneTests {
    @Test func fieldsInAndACookieHeaderOutAtTheJarsClock() {
        let clock = TestClock()
        let jar = CookieJar(clock: clock.closure)
        let site = URL(string: "https://shop.example.com/cart/view")!
        let results = jar.receive(setCookieFields: ["session=1; Path=/; Max-Age=60", "z=y, a=b", "bad=1; Secure; Domain=other.org"], from: site)
        #expect(results.map { (try? $0.get())?.name } == ["session", "z", nil])
        #expect(results.last == .failure(.domainMismatch))
        #expect(jar.cookieHeader(for: site) == "z=y, a=b; session=1")
        #expect(jar.cookieHeader(for: URL(string: "https://other.example.org/")!) == nil)
        clock.advance(61)
        #expect(jar.cookieHeader(for: site) == "z=y, a=b")
        #expect(jar.cookies.map(\.name) == ["z"])
    }

    @Test(arguments: TransportKind.available) func aClientUsesItsJarsClock(over transport: TransportKind) async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let clock = TestClock()
        let jar = CookieJar(clock: clock.closure)
        server.enqueue(MockResponse(status: 200).header("Set-Cookie", "token=1; Max-Age=30; Path=/"))
        server.enqueue(MockResponse(status: 200))
        server.enqueue(MockResponse(status: 200))
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make(), cookiePolicy: .jar(jar)))
        for advance in [0.0, 29, 2] {
            clock.advance(advance)
            _ = try await client.response(.get("/"))
        }
        var sent: [String?] = []
        for _ in 0..<3 { sent.append(try await server.takeRequest().headers["Cookie"]) }
        #expect(sent == [nil, "token=1", nil])
    }
}

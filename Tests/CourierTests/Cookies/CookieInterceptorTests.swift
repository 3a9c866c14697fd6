@testable import Courier
import CourierTesting
import Foundation
import Testing

/// `CookieInterceptor` in a client over `StubTransport`: what it adds to requests and what it stores, with an
/// injected clock.
@Suite struct CookieInterceptorTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let time = LockedState(cookieNow)
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    let jar = CookieJar(store: fixtureStore())
    let clock = ManualClock()

    /// A client whose jar is filled by an application-slot `CookieInterceptor` with the test's clock.
    func client(_ stub: StubTransport) -> NetworkClient {
        let cookies = CookieInterceptor(jar: jar, now: { [clock] in clock.now })
        return NetworkClient(baseURL: stubBaseURL, configuration: .init(
            retryPolicy: .never, interceptors: [cookies], transport: stub, cookiePolicy: .disabled))
    }

    @Test func aUserCookieHeaderIsKeptAndTheJarsFollow() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 200, headers: ["Set-Cookie": "a=1; Path=/"])
        stub.enqueue(status: 200)
        let client = client(stub)
        _ = try await client.response(Call(path: "/login").decoding(Data.self))
        _ = try await client.response(Call(path: "/me", headers: ["Cookie": "mine=x"]).decoding(Data.self))
        #expect(stub.requests.first?.headers["Cookie"] == nil)
        #expect(stub.requests.last?.headers.values(for: "Cookie") == ["mine=x; a=1"])
    }

    @Test func cookiesExpireByTheInjectedClock() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 200, headers: ["Set-Cookie": "a=1; Max-Age=60; Path=/"])
        stub.enqueue(status: 200)
        stub.enqueue(status: 200)
        let client = client(stub)
        _ = try await client.response(Call(path: "/login").decoding(Data.self))
        clock.advance(59)
        _ = try await client.response(Call(path: "/me").decoding(Data.self))
        clock.advance(1)
        _ = try await client.response(Call(path: "/me").decoding(Data.self))
        #expect(stub.requests.map { $0.headers["Cookie"] } == [nil, "a=1", nil])
    }

    @Test func aFailingStatusStillStoresItsCookies() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 401, headers: ["Set-Cookie": "attempt=1; Path=/"])
        stub.enqueue(status: 200)
        let client = client(stub)
        await #expect(throws: NetworkError.self) { _ = try await client.response(Call(path: "/login").decoding(Data.self)) }
        _ = try await client.response(Call(path: "/again").decoding(Data.self))
        #expect(stub.requests.last?.headers["Cookie"] == "attempt=1")
    }

    @Test func otherErrorsPassThroughUntouched() async throws {
        let stub = StubTransport()
        stub.enqueue(failure: .cancelled)
        let client = client(stub)
        await #expect(throws: NetworkError.cancelled) { _ = try await client.response(Call(path: "/x").decoding(Data.self)) }
        #expect(jar.cookies(at: cookieNow).isEmpty)
    }
}

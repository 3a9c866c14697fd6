import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

/// `waitUntil` re-checks its condition on every state change and on nothing else: it returns at once when the
/// condition already holds, wakes for a request, a refusal, a connection closing and a `takeRequest` starting
/// to wait, and gives up on its timeout or on shutdown. A wake-up that never came would show as a wait that
/// lasted its whole (hang-guard) timeout, which these tests rule out.
@Suite("MockWebServer waitUntil", .loopback)
struct MockWebServerWaitTests {
    @Test func returnsAtOnceWhenTheConditionHolds() async {
        let server = MockWebServer()
        defer { server.shutdown() }
        #expect(await server.waitUntil(timeout: .zero) { $0.requestCount == 0 })
    }

    @Test func givesUpAfterItsTimeout() async {
        let server = MockWebServer()
        defer { server.shutdown() }
        try? server.start()
        #expect(await server.waitUntil(timeout: .milliseconds(100)) { $0.requestCount == 1 } == false)
    }

    @Test func wakesWhenARequestIsRecorded() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("ok"))
        let started = ContinuousClock.now
        let waiter = Task { await server.waitUntil(timeout: HangGuard.duration) { $0.requestCount == 1 } }
        let (data, _) = try await HTTPClient.get(server.url("/a"), session: HTTPClient.session())
        #expect(String(decoding: data, as: UTF8.self) == "ok")
        #expect(await waiter.value)
        #expect(ContinuousClock.now - started < HangGuard.duration)
    }

    @Test func wakesWhenARequestIsRefusedAndWhenTheConnectionCloses() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        let port = server.port
        try await offPool {
            let client = try RawClient(port: port)
            client.send("BROKEN\r\n\r\n")
            _ = client.readToEnd()
        }
        #expect(await server.waitUntil(timeout: HangGuard.duration) {
            $0.malformedRequests.count == 1 && $0.openConnectionCount == 0
        })
        #expect(server.connectionCount == 1)
    }

    @Test func seesATakeRequestWaitingAndItsEnd() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("ok"))
        #expect(server.waitingTakeRequestCount == 0)
        let taken = Task { try await server.takeRequest(timeout: HangGuard.duration) }
        #expect(await server.waitUntil(timeout: HangGuard.duration) { $0.waitingTakeRequestCount == 1 })
        _ = try await HTTPClient.get(server.url("/b"), session: HTTPClient.session())
        #expect(try await taken.value.path == "/b")
        #expect(server.waitingTakeRequestCount == 0)
    }

    @Test(.hangLimit(minutes: 20)) func shutdownEndsTheWait() async throws {
        let server = MockWebServer()
        try server.start()
        let started = ContinuousClock.now
        // The wait's own time-out is far beyond the bound, so only shutdown can have ended it within the bound
        // (a loaded stress run once kept this task from running for 130 s: the bound is generous).
        let waiter = Task { await server.waitUntil(timeout: .seconds(3600)) { $0.requestCount == 1 } }
        await Task.yield()
        server.shutdown()
        #expect(await waiter.value == false)
        #expect(ContinuousClock.now - started < .seconds(900))
    }
}

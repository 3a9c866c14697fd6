import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// A token provider whose refresh takes `refreshDelay` — or, with `holdingRefresh`, waits until `release()` —
/// and then throws `refreshError` or stores the token `fresh`; counts refreshes. `waitUntilRefreshing()` returns
/// once a refresh has begun.
actor SlowTokenProvider: TokenProvider {
    private(set) var refreshCount = 0
    private var token = "stale"
    let refreshDelay: Duration
    let refreshError: (any Error & Sendable)?
    private let holdingRefresh: Bool
    private let gate: AsyncStream<Void>
    private let opener: AsyncStream<Void>.Continuation
    private let started: AsyncStream<Void>
    private let startSignal: AsyncStream<Void>.Continuation

    init(refreshDelay: Duration = .zero, refreshError: (any Error & Sendable)? = nil, holdingRefresh: Bool = false) {
        self.refreshDelay = refreshDelay
        self.refreshError = refreshError
        self.holdingRefresh = holdingRefresh
        (gate, opener) = AsyncStream<Void>.makeStream()
        (started, startSignal) = AsyncStream<Void>.makeStream()
    }

    /// Returns once `refreshToken` has been entered (at once if it already was). One caller at a time.
    func waitUntilRefreshing() async {
        if refreshCount > 0 { return }
        for await _ in started { return }
    }

    func currentToken() async throws -> String? { token }

    func refreshToken(rejected: String?) async throws -> String {
        refreshCount += 1
        startSignal.yield()
        if holdingRefresh {
            for await _ in gate {}   // ends when `release()` finishes the stream
        } else {
            try await Task.sleep(for: refreshDelay)
        }
        if let refreshError { throw refreshError }
        token = "fresh"
        return token
    }

    /// Lets a held refresh finish.
    func release() { opener.finish() }
}

/// Cancellation at every stage, single-flight refresh under failure, odd retry inputs, file-system edges.
@Suite struct ClientCancellationTests {
    /// Answers `Bearer fresh` with `1`, anything else with 401 (a new one per test, so that its request count
    /// is the test's own).
    static func authServer() -> StubTransport {
        StubTransport { request in
            request.headers["Authorization"] == "Bearer fresh" ? .json("1") : HTTPResponse(statusCode: 401)
        }
    }

    // MARK: Auth refresh

    @Test func waiterCancelledDuringSlowRefreshFailsPromptly() async throws {
        let provider = SlowTokenProvider(refreshDelay: .seconds(300))
        let client = stubClient(Self.authServer(), interceptors: [AuthInterceptor(tokenProvider: provider)])
        let task = Task { try await client.send(Call().decoding(Int.self)) }
        await provider.waitUntilRefreshing()
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(throws: NetworkError.cancelled) { try result.get() }
        #expect((ContinuousClock.now - start).seconds < 60)   // the wait it must not sit out is 300 s
    }

    @Test func cancellingSomeWaitersLeavesTheOthersOnTheSharedRefresh() async throws {
        // The refresh is held until ten tasks have been cancelled (and have failed), so none of them can have
        // finished first; a task that reaches the interceptor after the refresh reads the stored fresh token.
        let provider = SlowTokenProvider(holdingRefresh: true)
        let client = stubClient(Self.authServer(), interceptors: [AuthInterceptor(tokenProvider: provider)])
        let tasks = (0..<20).map { _ in Task { try await client.send(Call().decoding(Int.self)) } }
        await provider.waitUntilRefreshing()
        for task in tasks.prefix(10) { task.cancel() }
        for task in tasks.prefix(10) {
            await #expect(throws: NetworkError.cancelled) { try await task.value }
        }
        await provider.release()
        for task in tasks.dropFirst(10) { #expect(try await task.value == 1) }
        #expect(await provider.refreshCount == 1)
    }

    @Test(arguments: [false, true])
    func hundredWaitersOnAFailingRefreshAllFailTyped(refreshCancelsItself: Bool) async throws {
        let error: any Error & Sendable = refreshCancelsItself ? CancellationError() : URLError(.userAuthenticationRequired)
        let provider = SlowTokenProvider(refreshDelay: .milliseconds(100), refreshError: error)
        let client = stubClient(Self.authServer(), interceptors: [AuthInterceptor(tokenProvider: provider)])
        let results = await withTaskGroup(of: Result<Int, any Error>.self) { group in
            for _ in 0..<100 {
                group.addTask { await Result(catching: { try await client.send(Call().decoding(Int.self)) }) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 100)
        for result in results {
            #expect(throws: AuthenticationFailure.self) { try result.get() }
        }
        #expect(await provider.refreshCount == 1)
    }

    // MARK: Coalescing

    @Test(.hangLimit(minutes: 2)) func coalescedWaiterCancelledWhileTheLeaderIsSlowFailsPromptly() async throws {
        let calls = Counter()
        let stub = StubTransport { _ in
            // The first caller's request ignores cancellation; one sent by the waiter itself does not.
            if calls.next() == 0 { try? await Task.sleep(for: .seconds(300)) } else { try await Task.sleep(for: .seconds(300)) }
            return .json("1")
        }
        let (leader, waiter) = try await startCoalescedPair(on: stub)
        let start = ContinuousClock.now
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: NetworkError.cancelled) { try result.get() }
        #expect((ContinuousClock.now - start).seconds < 60)   // the wait it must not sit out is 300 s
        leader.cancel()
    }

    @Test func coalescedRequestsAfterALeaderFinishesSendAgain() async throws {
        let stub = StubTransport { _ in .json("1") }
        let client = stubClient(stub, interceptors: [CoalescingInterceptor()])
        for _ in 0..<3 { _ = try await client.send(Call(path: "/same").decoding(Int.self)) }
        #expect(stub.requests.count == 3)
    }

    // MARK: Retry

    @Test func cancellationDuringBackoffSleepIsPrompt() async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503, headers: ["Retry-After": "300"]))
        let client = stubClient(stub, retry: RetryPolicy(maxAttempts: 3, maximumDelay: .seconds(600), deadline: nil))
        let task = Task { try await client.response(Call().decoding(Data.self)) }
        // Cancelled once the first attempt has gone out: in its 503's 300 s backoff, or just before it.
        await stub.waitForRequests()
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(throws: NetworkError.cancelled) { try result.get() }
        #expect((ContinuousClock.now - start).seconds < 60)   // the wait it must not sit out is 300 s
        #expect(stub.requests.count == 1)
    }

    @Test(arguments: [
        ("-5", 0.4), ("abc", 0.4), ("1e3", 0.4), ("5.5", 0.4), ("", 0.4),
        ("99999999999999999999999999999", 30.0), (String(repeating: "9", count: 400), 30.0),
        ("Sun, 06 Nov 1994 08:49:37 GMT", 0.0), ("Thu, 31 Dec 9999 23:59:59 GMT", 30.0),
    ])
    func oddRetryAfterValuesGiveABoundedDelay(value: String, expected: TimeInterval) async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 503, headers: ["Retry-After": value]), .json("1")])
        let fake = FakeRetryClock(fraction: 0.8)
        let client = stubClient(stub, retry: RetryPolicy(maxAttempts: 2, maximumDelay: .seconds(30), deadline: nil), retryClock: fake.clock)
        #expect(try await client.send(Call().decoding(Int.self)) == 1)
        #expect(fake.sleeps.count == 1)
        #expect(abs((fake.sleeps.first ?? -1) - expected) < 1e-9)
    }

    @Test(arguments: [0, -1, Int.min])
    func mutatedMaxAttemptsBelowOneSendsOnce(maxAttempts: Int) async throws {
        var policy = RetryPolicy(maxAttempts: 3)
        policy.maxAttempts = maxAttempts
        #expect(RetryPolicy(maxAttempts: maxAttempts).maxAttempts == 1)
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503))
        let client = stubClient(stub, retryClock: FakeRetryClock().clock)
        let response = try await client.perform(HTTPRequest(method: .get, url: stubBaseURL, acceptableStatusCodes: anyStatus, retryPolicy: policy))
        #expect(response.statusCode == 503)
        #expect(stub.requests.count == 1)
    }

    @Test(arguments: [Duration.zero, .seconds(-1), .nanoseconds(-1)])
    func deadlineOfZeroOrLessMeansOneAttempt(deadline: Duration) async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503))
        let fake = FakeRetryClock()
        let request = HTTPRequest(method: .get, url: stubBaseURL, acceptableStatusCodes: anyStatus, retryPolicy: RetryPolicy(maxAttempts: 5, deadline: deadline))
        let response = try await stubClient(stub, retryClock: fake.clock).perform(request)
        #expect(response.statusCode == 503)
        #expect(stub.requests.count == 1)
        #expect(fake.sleeps.isEmpty)
    }

    @Test(arguments: [Duration.seconds(Int64.max), .seconds(1e18), .seconds(-1), .zero], [Duration.seconds(Int64.max), .seconds(Int64.min), .seconds(1)])
    func hugeDelaysNeverTrap(baseDelay: Duration, maximumDelay: Duration) async throws {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: baseDelay, maximumDelay: maximumDelay, deadline: nil)
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503))
        // The system clock's random source, and a sleep that returns at once.
        let clock = RetryClock(now: { ContinuousClock.now }, date: { Date() }, sleep: { _ in }, random: RetryClock.system.random)
        let response = try await stubClient(stub, retryClock: clock)
            .perform(HTTPRequest(method: .get, url: stubBaseURL, acceptableStatusCodes: anyStatus, retryPolicy: policy))
        #expect(response.statusCode == 503)
        #expect(stub.requests.count == 3)
    }

    // MARK: Many tasks, one client

    @Test func oneClientFromTwoHundredTasksKeepsResponsesApart() async throws {
        let stub = StubTransport { request in
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
            return .json(String(request.url.lastPathComponent))
        }
        let client = stubClient(stub, retry: RetryPolicy(maxAttempts: 2), interceptors: [CoalescingInterceptor()])
        let pairs = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for index in 0..<200 {
                group.addTask { (index, try await client.send(Call(path: "/n/\(index % 150)").decoding(Int.self))) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(pairs.count == 200)
        for (index, value) in pairs { #expect(value == index % 150) }
    }

    // MARK: StubTransport

    @Test func stubTransportScriptRunsInOrderThenFallsBack() async throws {
        let stub = StubTransport([.json("1")], fallback: .json("9"))
        stub.enqueue(failure: .transport(TransportFailure(kind: .timedOut, message: "slow")))
        stub.enqueue(status: 204)
        let client = stubClient(stub)
        #expect(try await client.send(Call().decoding(Int.self)) == 1)
        await #expect(throws: NetworkError.transport(TransportFailure(kind: .timedOut, message: "slow"))) {
            try await client.send(Call().decoding(Int.self))
        }
        #expect(try await client.response(Call().decoding(Data.self)).statusCode == 204)
        #expect(try await client.send(Call().decoding(Int.self)) == 9)
        #expect(stub.requests.count == 4)
    }

    @Test func stubTransportInACancelledTaskThrowsCancelled() async throws {
        let stub = StubTransport([.json("1")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await stub.send(HTTPRequest(method: .get, url: stubBaseURL))
        }
        await #expect(throws: NetworkError.cancelled) { try await task.value }
    }
}

/// A coalesced waiter whose leader is cancelled was failed with `.cancelled` although nobody cancelled it.
@Suite struct CoalescedWaiterTests {
    @Test(.hangLimit(minutes: 2)) func waiterOutlivesACancelledLeaderAndSendsItself() async throws {
        let calls = Counter()
        let stub = StubTransport { _ in
            if calls.next() == 0 { try await Task.sleep(for: .seconds(300)) }   // ended by the cancellation alone
            return .json("1")
        }
        let (leader, waiter) = try await startCoalescedPair(on: stub)
        leader.cancel()
        await #expect(throws: NetworkError.cancelled) { try await leader.value }
        #expect(try await waiter.value == 1)
        #expect(stub.requests.count == 2)
    }

    @Test func leaderFailureOtherThanCancellationIsShared() async throws {
        let stub = StubTransport { _ in
            try await Task.sleep(nanoseconds: 100_000_000)
            throw NetworkError.transport(TransportFailure(kind: .connectionLost, message: "gone"))
        }
        let client = stubClient(stub, interceptors: [CoalescingInterceptor()])
        let tasks = (0..<5).map { _ in Task { try await client.send(Call(path: "/same").decoding(Int.self)) } }
        for task in tasks {
            await #expect(throws: NetworkError.transport(TransportFailure(kind: .connectionLost, message: "gone"))) {
                try await task.value
            }
        }
        #expect(stub.requests.count == 1)
    }
}

/// A thread-safe call counter.
final class Counter: Sendable {
    private let value = LockedState(0)

    /// Returns the current count and increments it.
    func next() -> Int {
        value.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}

/// `StubTransport` with a handler used to consume enqueued responses and ignore them.
@Suite struct StubTransportQueueTests {
    @Test func enqueuedResponsesComeBeforeTheHandler() async throws {
        let stub = StubTransport { _ in .json("2") }
        stub.enqueue(.json("1"))
        stub.enqueue(failure: .transport(TransportFailure(kind: .timedOut, message: "slow")))
        let client = stubClient(stub)
        #expect(try await client.send(Call().decoding(Int.self)) == 1)
        await #expect(throws: NetworkError.transport(TransportFailure(kind: .timedOut, message: "slow"))) {
            try await client.send(Call().decoding(Int.self))
        }
        #expect(try await client.send(Call().decoding(Int.self)) == 2)
        #expect(stub.requests.count == 3)
    }
}

/// A provider whose token can also change outside `AuthInterceptor` (a new login).
actor SettableTokenProvider: TokenProvider {
    private(set) var token = "t0"
    private(set) var refreshCount = 0

    func set(_ token: String) { self.token = token }
    func currentToken() async throws -> String? { token }

    func refreshToken(rejected: String?) async throws -> String {
        refreshCount += 1
        token = "r\(refreshCount)"
        return token
    }
}

@Suite struct AuthRefreshTokenTests {
    /// After a new login, a rejected new token was "refreshed" to the token of an earlier refresh.
    @Test func aRejectedTokenFromANewLoginIsRefreshedNotSwappedForAStaleOne() async throws {
        let valid = LockedState("r1")
        let stub = StubTransport { request in
            request.headers["Authorization"] == "Bearer \(valid.withLock { $0 })" ? .json("1") : HTTPResponse(statusCode: 401)
        }
        let provider = SettableTokenProvider()
        let client = stubClient(stub, interceptors: [AuthInterceptor(tokenProvider: provider)])
        #expect(try await client.send(Call().decoding(Int.self)) == 1)      // t0 rejected, refreshed to r1
        await provider.set("login-2")                                          // a new login…
        valid.withLock { $0 = "r2" }                                          // …whose token the server revokes
        #expect(try await client.send(Call().decoding(Int.self)) == 1)
        #expect(await provider.refreshCount == 2)
        #expect(stub.requests.compactMap { $0.headers["Authorization"] }
                == ["Bearer t0", "Bearer r1", "Bearer login-2", "Bearer r2"])
    }
}

/// Sends one GET through a `CoalescingInterceptor` over `stub` and, once it reached the stub, an identical one
/// that joins it.
func startCoalescedPair(on stub: StubTransport) async throws -> (leader: Task<Int, any Error>, waiter: Task<Int, any Error>) {
    let (joins, joined) = AsyncStream<Void>.makeStream()
    let client = stubClient(stub, interceptors: [CoalescingInterceptor(onJoin: { joined.yield() })])
    let leader = Task { try await client.send(Call(path: "/same").decoding(Int.self)) }
    await stub.waitForRequests()
    let waiter = Task { try await client.send(Call(path: "/same").decoding(Int.self)) }
    // Waits for the event (the waiter has joined the leader's request), not for time to pass.
    for await _ in joins { break }
    return (leader, waiter)
}

import Courier
import CourierTesting
import Foundation
import Testing

/// `RetryInterceptor` over `StubTransport` with a fake clock: which requests and failures are retried, and the
/// delays between attempts.
@Suite struct ClientRetryTests {
    func run(
        _ stub: StubTransport,
        _ call: Call = Call(),
        policy: RetryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maximumDelay: .seconds(10), deadline: nil),
        clock: FakeRetryClock = FakeRetryClock()
    ) async throws -> HTTPResponse {
        var request = HTTPRequest(method: call.method, url: stubBaseURL, headers: call.headers, retryPolicy: policy)
        if call.method == .post { request.body = .data(Data("x".utf8)) }
        return try await RetryInterceptor(clock: clock.clock).intercept(request) { try await stub.send($0) }
    }

    @Test func backoffIsExponentialWithFullJitterCappedAtMaximumDelay() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 503),
                                  HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 200)])
        let clock = FakeRetryClock(fraction: 1)
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(2), maximumDelay: .seconds(10), deadline: nil)
        let response = try await run(stub, policy: policy, clock: clock)
        #expect(response.statusCode == 200)
        #expect(clock.sleeps == [2, 4, 8, 10])
    }

    @Test func jitterDrawsWithinTheRange() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 500), HTTPResponse(statusCode: 500), HTTPResponse(statusCode: 200)])
        let clock = FakeRetryClock(fraction: 0.25)
        _ = try await run(stub, clock: clock)
        #expect(clock.sleeps == [0.25, 0.5])
    }

    @Test func givesUpAfterMaxAttemptsAndReturnsLastResponse() async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 502))
        let response = try await run(stub, policy: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(0.1), deadline: nil))
        #expect(response.statusCode == 502)
        #expect(stub.requests.count == 3)
    }

    @Test(arguments: ["120", "  7 "])
    func retryAfterSecondsIsHonouredAndClamped(value: String) async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 429, headers: ["Retry-After": value]), HTTPResponse(statusCode: 200)])
        let clock = FakeRetryClock()
        _ = try await run(stub, clock: clock)
        #expect(clock.sleeps == [min(10, Double(value.trimmingCharacters(in: .whitespaces))!)])
    }

    @Test func retryAfterHTTPDateIsHonoured() async throws {
        let clock = FakeRetryClock()
        let date = HTTPDate.format(clock.now.addingTimeInterval(5))
        let stub = StubTransport([HTTPResponse(statusCode: 503, headers: ["Retry-After": date]), HTTPResponse(statusCode: 200)])
        _ = try await run(stub, clock: clock)
        #expect(clock.sleeps.count == 1)
        #expect(abs(clock.sleeps[0] - 5) < 1.01)
    }

    @Test(arguments: [
        ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777.0),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777.0),
        ("Sun Nov  6 08:49:37 1994", 784_111_777.0),
    ])
    func httpDateForms(text: String, epoch: Double) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == epoch)
    }

    @Test func retryAfterInThePastOrGarbageFallsBack() {
        let now = Date()
        #expect(RetryInterceptor.retryAfter(["Retry-After": HTTPDate.format(now.addingTimeInterval(-60))], now: now) == .zero)
        #expect(RetryInterceptor.retryAfter(["Retry-After": "soon"], now: now) == nil)
        #expect(RetryInterceptor.retryAfter([:], now: now) == nil)
    }

    @Test func nonIdempotentPostIsNotRetried() async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503))
        let response = try await run(stub, Call(method: .post))
        #expect(response.statusCode == 503)
        #expect(stub.requests.count == 1)
    }

    @Test func postWithIdempotencyKeyIsRetried() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 503), HTTPResponse(statusCode: 201)])
        let response = try await run(stub, Call(method: .post, headers: ["Idempotency-Key": "k-1"]))
        #expect(response.statusCode == 201)
        #expect(stub.requests.count == 2)
    }

    @Test(arguments: [TransportFailure.Kind.timedOut, .connectionLost, .cannotConnect])
    func transientTransportFailuresAreRetried(kind: TransportFailure.Kind) async throws {
        let stub = StubTransport()
        stub.enqueue(failure: .transport(TransportFailure(kind: kind, message: "flaky")))
        stub.enqueue(status: 200)
        let response = try await run(stub)
        #expect(response.statusCode == 200)
        #expect(stub.requests.count == 2)
    }

    @Test(arguments: [TransportFailure.Kind.badServerResponse, .responseTooLarge, .fileSystem, .other])
    func otherTransportFailuresAreNot(kind: TransportFailure.Kind) async throws {
        let stub = StubTransport()
        stub.enqueue(failure: .transport(TransportFailure(kind: kind, message: "broken")))
        await #expect(throws: NetworkError.self) { try await run(stub) }
        #expect(stub.requests.count == 1)
    }

    @Test func statusNotInPolicyIsNotRetried() async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 404))
        _ = try await run(stub)
        #expect(stub.requests.count == 1)
    }

    @Test func deadlineStopsFurtherAttempts() async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503))
        let clock = FakeRetryClock()
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: .seconds(1), maximumDelay: .seconds(10), deadline: .seconds(6))
        let response = try await run(stub, policy: policy, clock: clock)
        #expect(response.statusCode == 503)
        #expect(clock.sleeps == [1, 2])     // 1 + 2 = 3 s; the next 4 s delay would end past 6 s
        #expect(stub.requests.count == 3)
    }

    @Test func cancelledRequestIsNeverRetried() async throws {
        let stub = StubTransport()
        stub.enqueue(failure: .cancelled)
        await #expect(throws: NetworkError.cancelled) { try await run(stub) }
        #expect(stub.requests.count == 1)
    }

    @Test func requestPolicyNeverSendsOnce() async throws {
        let stub = StubTransport(fallback: HTTPResponse(statusCode: 503))
        _ = try await run(stub, policy: .never)
        #expect(stub.requests.count == 1)
    }

    @Test func clientRetriesWithEndpointPolicy() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 503), .json("5")])
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: .seconds(0.001), maximumDelay: .seconds(0.001))
        let value = try await stubClient(stub).send(Call(retryPolicy: policy).decoding(Int.self))
        #expect(value == 5)
        #expect(stub.requests.count == 2)
    }
}

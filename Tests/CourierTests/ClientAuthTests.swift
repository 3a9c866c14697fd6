import Courier
import CourierTesting
import Foundation
import Testing

/// A token provider that counts refreshes; refreshes take a while so concurrent 401s pile up.
actor CountingTokenProvider: TokenProvider {
    private(set) var token: String
    private(set) var refreshCount = 0
    let failRefresh: Bool

    init(token: String = "t0", failRefresh: Bool = false) {
        self.token = token
        self.failRefresh = failRefresh
    }

    func currentToken() async throws -> String? { token }

    func refreshToken(rejected: String?) async throws -> String {
        refreshCount += 1
        try await Task.sleep(nanoseconds: 100_000_000)
        if failRefresh { throw NetworkError.httpStatus(HTTPStatusFailure(statusCode: 400)) }
        token = "t\(refreshCount)"
        return token
    }
}

/// `AuthInterceptor` over `StubTransport`: header, one refresh per wave of 401s, one replay.
@Suite struct ClientAuthTests {
    /// Accepts only `Bearer <valid>`.
    static func server(valid: String) -> StubTransport {
        StubTransport { request in
            try await Task.sleep(nanoseconds: 5_000_000)
            return request.headers["Authorization"] == "Bearer \(valid)" ? .json("1") : HTTPResponse(statusCode: 401)
        }
    }

    @Test func sendsBearerToken() async throws {
        let stub = Self.server(valid: "t0")
        let client = stubClient(stub, interceptors: [AuthInterceptor(tokenProvider: CountingTokenProvider())])
        _ = try await client.send(Call().decoding(Int.self))
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Bearer t0"])
    }

    @Test func hundredConcurrent401sShareOneRefresh() async throws {
        let provider = CountingTokenProvider()
        let stub = Self.server(valid: "t1")
        let client = stubClient(stub, interceptors: [AuthInterceptor(tokenProvider: provider)])
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 { group.addTask { try await client.send(Call().decoding(Int.self)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.count == 100)
        #expect(await provider.refreshCount == 1)
        // Each request is sent at most twice: the rejected attempt and one replay.
        #expect(stub.requests.count <= 200)
        #expect(stub.requests.filter { $0.headers["Authorization"] == "Bearer t1" }.count == 100)
    }

    @Test func refreshFailureFailsEveryWaiterWithTypedError() async throws {
        let provider = CountingTokenProvider(failRefresh: true)
        let client = stubClient(Self.server(valid: "never"), interceptors: [AuthInterceptor(tokenProvider: provider)])
        let results = await withTaskGroup(of: Result<Int, any Error>.self) { group in
            for _ in 0..<20 {
                group.addTask { await Result(catching: { try await client.send(Call().decoding(Int.self)) }) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        for result in results {
            #expect(throws: AuthenticationFailure.self) { try result.get() }
        }
        #expect(await provider.refreshCount == 1)
    }

    @Test func secondRejectionIsReturnedNotLooped() async throws {
        let provider = CountingTokenProvider()
        let stub = Self.server(valid: "nobody")
        let client = stubClient(stub, interceptors: [AuthInterceptor(tokenProvider: provider)])
        let error = await #expect(throws: NetworkError.self) { try await client.send(Call().decoding(Int.self)) }
        #expect(error.map { if case .httpStatus(let f) = $0 { f.statusCode } else { 0 } } == 401)
        #expect(stub.requests.count == 2)
        #expect(await provider.refreshCount == 1)
    }

    @Test func endpointAuthorizationIsLeftAlone() async throws {
        let provider = CountingTokenProvider()
        let stub = StubTransport([HTTPResponse(statusCode: 401)])
        let client = stubClient(stub, interceptors: [AuthInterceptor(tokenProvider: provider)])
        await #expect(throws: NetworkError.self) { try await client.response(Call(headers: ["Authorization": "Basic dXNlcjpwdw=="]).decoding(Data.self)) }
        #expect(stub.requests.map { $0.headers["Authorization"] } == ["Basic dXNlcjpwdw=="])
        #expect(await provider.refreshCount == 0)
    }

    @Test func customHeaderWithoutScheme() async throws {
        let stub = StubTransport([.json("1")])
        let auth = AuthInterceptor(tokenProvider: CountingTokenProvider(token: "k"), headerName: "X-API-Key", scheme: nil)
        _ = try await stubClient(stub, interceptors: [auth]).send(Call().decoding(Int.self))
        #expect(stub.requests.first?.headers["X-API-Key"] == "k")
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

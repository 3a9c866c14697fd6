import Courier
import CourierTesting
import Foundation
import Testing

/// The client pipeline over `StubTransport`: chain order, validation, decoding, limits.
@Suite struct ClientPipelineTests {
    /// Records the order in which interceptors see the request and the response.
    struct Recorder: Interceptor {
        let name: String
        let log: CollectingLogger
        func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
            var request = request
            request.headers.add(name: "X-Seen", value: name)
            log.log(.request(method: request.method, url: "in \(name)", headers: [:], bodySize: nil, curlCommand: nil))
            let response = try await next(request)
            log.log(.response(method: request.method, url: "out \(name)", statusCode: response.statusCode, headers: [:], bodySize: 0, duration: .zero))
            return response
        }
    }

    @Test func interceptorsRunInOrderAndMayRewrite() async throws {
        let stub = StubTransport([.json(#"{"id":7,"name":"kim"}"#)])
        let log = CollectingLogger()
        let client = stubClient(stub, interceptors: [Recorder(name: "a", log: log), Recorder(name: "b", log: log)])
        let user = try await client.send(FetchUser(id: 7))
        #expect(user == User(id: 7, name: "kim"))
        #expect(log.events.map(\.url) == ["in a", "in b", "out b", "out a"])
        #expect(stub.requests.first?.headers.values(for: "X-Seen") == ["a", "b"])
        #expect(stub.requests.first?.url.absoluteString == "https://api.example.test/v1/users/7")
    }

    struct ShortCircuit: Interceptor {
        func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
            .json(#"{"id":1,"name":"cached"}"#)
        }
    }

    @Test func interceptorMayShortCircuit() async throws {
        let stub = StubTransport()
        let user = try await stubClient(stub, interceptors: [ShortCircuit()]).send(FetchUser(id: 1))
        #expect(user.name == "cached")
        #expect(stub.requests.isEmpty)
    }

    struct Twice: Interceptor {
        func intercept(_ request: HTTPRequest, next: Next) async throws -> HTTPResponse {
            _ = try await next(request)
            return try await next(request)
        }
    }

    @Test func interceptorMayCallNextTwice() async throws {
        let stub = StubTransport([.json("1"), .json("2")])
        let value = try await stubClient(stub, interceptors: [Twice()]).send(Call().decoding(Int.self))
        #expect(value == 2)
        #expect(stub.requests.count == 2)
    }

    @Test func routerEndpointDecodesWithResponseMetadata() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 201, headers: ["ETag": "v1"], body: Data(#"[1,2]"#.utf8))])
        let response = try await stubClient(stub).response(Call(method: .post, path: "/items").decoding([Int].self))
        #expect(response.value == [1, 2])
        #expect(response.statusCode == 201)
        #expect(response.headers["etag"] == "v1")
        #expect(response.duration >= 0)
    }

    @Test func defaultHeadersTimeoutAndPolicyAreApplied() async throws {
        let stub = StubTransport([.json("{}")])
        let client = NetworkClient(baseURL: stubBaseURL, configuration: .init(
            headers: ["User-Agent": "CourierTests", "Accept": "application/json"], timeout: .seconds(7), transport: stub))
        _ = try await client.response(Call(headers: ["Accept": "text/plain"]).decoding(Data.self))
        let request = try #require(stub.requests.first)
        #expect(request.headers["User-Agent"] == "CourierTests")
        #expect(request.headers["Accept"] == "text/plain")
        #expect(request.timeout == .seconds(7))
        #expect(request.retryPolicy == .default)   // resolved from the configuration when the request is built
        #expect(request.acceptableStatusCodes == Set(200..<300) && request.responseBodyMode == .buffered(limit: 64 << 20))
    }

    @Test(arguments: [
        (400, false), (404, false), (500, false), (200, true), (204, true), (299, true), (302, false),
    ])
    func defaultAcceptableStatusCodes(status: Int, accepted: Bool) async throws {
        let stub = StubTransport([HTTPResponse(statusCode: status)])
        do {
            _ = try await stubClient(stub).send(Call().decoding(EmptyResponse.self))
            #expect(accepted)
        } catch NetworkError.httpStatus(let failure) {
            #expect(!accepted)
            #expect(failure.statusCode == status)
        }
    }

    @Test func endpointAcceptableStatusCodesOverride() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 404)])
        let response = try await stubClient(stub).response(Call(acceptableStatusCodes: [200, 404]).decoding(Data.self))
        #expect(response.statusCode == 404)
    }

    @Test func typedErrorBodyIsDecoded() async throws {
        let body = #"{"code":"user.missing","message":"no such user"}"#
        let stub = StubTransport([HTTPResponse(statusCode: 404, headers: ["X-Request-Id": "r1"], body: Data(body.utf8))])
        let error = await #expect(throws: NetworkError.self) { try await stubClient(stub).send(FetchUser(id: 9)) }
        guard case .httpStatus(let failure) = error else { Issue.record("expected httpStatus, got \(String(describing: error))"); return }
        #expect(failure.statusCode == 404)
        #expect(failure.headers["x-request-id"] == "r1")
        #expect(failure.body == Data(body.utf8))
        #expect(failure.errorBody(as: APIProblem.self) == APIProblem(code: "user.missing", message: "no such user"))
    }

    @Test func undecodableErrorBodyStillThrowsStatus() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 500, body: Data("<html>oops</html>".utf8))])
        let error = await #expect(throws: NetworkError.self) { try await stubClient(stub).send(FetchUser(id: 9)) }
        guard case .httpStatus(let failure) = error else { Issue.record("expected httpStatus"); return }
        #expect(failure.errorBody == nil)
        #expect(String(decoding: failure.body, as: UTF8.self) == "<html>oops</html>")
    }

    @Test func emptyBodyDecodesIntoEmptyResponse() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 204), HTTPResponse(statusCode: 200, body: Data("ignored".utf8))])
        let client = stubClient(stub)
        _ = try await client.send(TypedCall<EmptyResponse>(method: .delete))
        _ = try await client.send(TypedCall<EmptyResponse>(method: .head))
        #expect(stub.requests.map(\.method) == [.delete, .head])
    }

    @Test func decodingFailureCarriesCodingPath() async throws {
        let stub = StubTransport([.json(#"{"id":"x7","name":"kim"}"#)])
        let error = await #expect(throws: NetworkError.self) { try await stubClient(stub).send(FetchUser(id: 7)) }
        guard case .decoding(let failure) = error else { Issue.record("expected decoding, got \(String(describing: error))"); return }
        #expect(failure.codingPath == "id")
    }

    @Test func responseSizeLimitIsEnforced() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 200, body: Data(count: 2048))])
        let client = NetworkClient(baseURL: stubBaseURL, configuration: .init(maximumResponseSize: 1024, transport: stub))
        let error = await #expect(throws: NetworkError.self) { try await client.response(Call().decoding(Data.self)) }
        guard case .transport(let failure) = error else { Issue.record("expected transport"); return }
        #expect(failure.kind == .responseTooLarge)
    }

    @Test func transportFailurePassesThroughTyped() async throws {
        let stub = StubTransport()
        stub.enqueue(failure: .transport(TransportFailure(kind: .cannotConnect, message: "refused")))
        let error = await #expect(throws: NetworkError.self) { try await stubClient(stub).response(Call().decoding(Data.self)) }
        #expect(error == .transport(TransportFailure(kind: .cannotConnect, message: "refused")))
    }

    @Test func cancelledTaskSurfacesAsCancelled() async throws {
        let stub = StubTransport { _ in
            try await Task.sleep(nanoseconds: 30_000_000_000)
            return HTTPResponse(statusCode: 200)
        }
        let client = stubClient(stub)
        let task = Task { try await client.response(Call().decoding(Data.self)) }
        await stub.waitForRequests()
        task.cancel()
        let result = await task.result
        #expect(throws: NetworkError.cancelled) { try result.get() }
    }

    @Test func coalescingSharesOneResponse() async throws {
        let stub = StubTransport { _ in
            try await Task.sleep(nanoseconds: 500_000_000)
            return .json("42")
        }
        let client = stubClient(stub, interceptors: [CoalescingInterceptor()])
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<10 { group.addTask { try await client.send(Call(path: "/answer").decoding(Int.self)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 42, count: 10))
        #expect(stub.requests.count < 10)
        _ = try await client.send(Call(method: .post, path: "/answer").decoding(Int.self))
        _ = try await client.send(Call(method: .post, path: "/answer").decoding(Int.self))
        #expect(stub.requests.filter { $0.method == .post }.count == 2)
    }

    @Test func defaultTransportDownloadWritesFile() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 200, body: Data("file body".utf8))])
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stub-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let task = stubClient(stub).download(Call(path: "/file"), to: destination)
        let response = try await task.value
        #expect(response.value == destination)
        #expect(try Data(contentsOf: destination) == Data("file body".utf8))
    }
}

/// One-off requests built with `EndpointBuilder` go through the same pipeline.
@Suite struct ClientEndpointBuilderTests {
    struct Search: Encodable, Sendable {
        var q: String
    }

    @Test func oneOffRequestWithLeadingDotSyntax() async throws {
        let stub = StubTransport([.json("[1,2,3]")])
        let client = stubClient(stub)
        let items = try await client.send(.get("/search").query(Search(q: "kim lee")).decoding([Int].self))
        #expect(items == [1, 2, 3])
        #expect(stub.requests.first?.url.absoluteString == "https://api.example.test/v1/search?q=kim%20lee")
    }

    @Test func untypedBuilderReturnsData() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 200, body: Data("raw".utf8))])
        let data = try await stubClient(stub).send(.post("/raw").body(.data(Data("x".utf8), contentType: "text/plain")))
        #expect(data == Data("raw".utf8))
    }

    @Test func flexibleDecodingIsTheDefault() async throws {
        let stub = StubTransport([.json(#"{"id":"7","name":"kim"}"#)])
        #expect(try await stubClient(stub).send(FetchUser(id: 7)) == User(id: 7, name: "kim"))
    }
}

/// The acceptable-status check, where the stack returns.
@Suite struct StatusValidationTests {
    @Test(arguments: [(200, true), (204, true), (404, false), (500, false)])
    func failingStatusesThrowWithTheStartOfTheBody(status: Int, accepted: Bool) async throws {
        let stub = StubTransport([HTTPResponse(statusCode: status, body: Data("b".utf8))])
        do {
            let response = try await stubClient(stub).perform(HTTPRequest(method: .get, url: stubBaseURL, retryPolicy: .never))
            #expect(accepted)
            #expect(response.statusCode == status)
        } catch NetworkError.httpStatus(let failure) {
            #expect(!accepted)
            #expect(failure.statusCode == status)
            #expect(failure.body == Data("b".utf8))
        }
    }

    @Test func requestCodesWin() async throws {
        let stub = StubTransport([HTTPResponse(statusCode: 404)])
        let request = HTTPRequest(method: .get, url: stubBaseURL, acceptableStatusCodes: [404])
        let response = try await stubClient(stub).perform(request)
        #expect(response.statusCode == 404)
        #expect(response.request?.acceptableStatusCodes == [404])
    }

}

import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The cache in a `NetworkClient` over each transport against MockWebServer: real bytes over a loopback socket,
/// and the server's request count says what reached it.
@Suite(.loopback) struct CacheIntegrationTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind, cache: HTTPCache) -> NetworkClient {
        NetworkClient(baseURL: server.url("/"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make(), cache: cache))
    }

    static func get(_ path: EndpointPath = "/item", headers: HTTPHeaders = [:]) -> TypedCall<Data> {
        TypedCall<Data>(path: path, headers: headers)
    }

    @Test(arguments: TransportKind.available) func aFreshHitDoesNotReachTheServer(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "v1"))
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        let first = try await client.response(Self.get())
        let second = try await client.response(Self.get())
        #expect(first.cacheStatus == .miss && second.cacheStatus == .hit)
        #expect(String(decoding: second.value, as: UTF8.self) == "v1")
        #expect(server.requestCount == 1)
    }

    @Test(arguments: TransportKind.available) func revalidationSendsIfNoneMatchAndA304GivesTheStoredBody(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(headers: ["Cache-Control": "no-cache", "ETag": #""v1""#, "X-Version": "1"], body: "stored body"))
        server.enqueue(MockResponse(status: 304, headers: ["ETag": #""v1""#, "X-Version": "2"]))
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        _ = try await client.response(Self.get())
        let second = try await client.response(Self.get())
        #expect(second.statusCode == 200 && second.cacheStatus == .revalidated)
        #expect(String(decoding: second.value, as: UTF8.self) == "stored body")
        #expect(second.headers["X-Version"] == "2")
        let requests = server.recordedRequests
        #expect(requests.count == 2)
        #expect(requests.first?.headers["If-None-Match"] == nil)
        #expect(requests.last?.headers["If-None-Match"] == #""v1""#)
    }

    @Test(arguments: TransportKind.available) func onlyIfCachedWithNothingStoredIs504(over transport: TransportKind) async throws {
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        do {
            _ = try await client.response(Self.get(headers: ["Cache-Control": "only-if-cached"]))
            Issue.record("expected a 504")
        } catch NetworkError.httpStatus(let failure) {
            #expect(failure.statusCode == 504)
        }
        #expect(server.requestCount == 0)
    }

    @Test(arguments: TransportKind.available) func anUnsafeMethodInvalidates(over transport: TransportKind) async throws {
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "v1"))
        server.enqueue(MockResponse(status: 204))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "v2"))
        let client = client(transport, cache: HTTPCache(memoryCapacity: 1 << 20))
        _ = try await client.response(Self.get())
        _ = try await client.send(TypedCall<EmptyResponse>(method: .put, path: "/item", body: .json(["a": 1])))
        let after = try await client.response(Self.get())
        #expect(after.cacheStatus == .miss && String(decoding: after.value, as: UTF8.self) == "v2")
        #expect(server.requestCount == 3)
    }

    @Test(arguments: TransportKind.available) func aDiskCacheSurvivesANewInstance(over transport: TransportKind) async throws {
        let directory = temporaryCacheDirectory()
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "persisted"))
        _ = try await client(transport, cache: HTTPCache(directory: directory, capacity: 1 << 20)).response(Self.get())
        let reopened = try await client(transport, cache: HTTPCache(directory: directory, capacity: 1 << 20)).response(Self.get())
        #expect(reopened.cacheStatus == .hit && String(decoding: reopened.value, as: UTF8.self) == "persisted")
        #expect(server.requestCount == 1)
    }

    @Test(arguments: TransportKind.available) func aTruncatedEntryFileIsAMiss(over transport: TransportKind) async throws {
        let directory = temporaryCacheDirectory()
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "first"))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "second"))
        let cache = try HTTPCache(directory: directory, capacity: 1 << 20)
        _ = try await client(transport, cache: cache).response(Self.get())
        let file = try #require(cache.fileURL(for: CacheInterceptor.key(for: server.url("/item"))))
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 3).write(to: file)   // as if the process died mid-write
        let reopened = try await client(transport, cache: HTTPCache(directory: directory, capacity: 1 << 20)).response(Self.get())
        #expect(reopened.cacheStatus == .miss && String(decoding: reopened.value, as: UTF8.self) == "second")
        #expect(server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available) func concurrentClientsShareOneCache(over transport: TransportKind) async throws {
        server.dispatcher = { request in
            MockResponse(headers: ["Cache-Control": "max-age=600"], body: .data(Data(request.path.utf8)))
        }
        let cache = HTTPCache(memoryCapacity: 1 << 20)
        let clients = [client(transport, cache: cache), client(transport, cache: cache)]
        for index in 0..<10 { _ = try await clients[index % 2].response(Self.get("/items/\(index)")) }
        #expect(server.requestCount == 10)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<40 {
                group.addTask {
                    let index = task % 10
                    let response = try await clients[task % 2].response(Self.get("/items/\(index)"))
                    #expect(response.cacheStatus == .hit)
                    #expect(String(decoding: response.value, as: UTF8.self) == "/items/\(index)")
                }
            }
            try await group.waitForAll()
        }
        #expect(server.requestCount == 10)
    }

    /// `stale-while-revalidate` over a real socket, through the escaping entry point the stack will use once
    /// `Interceptor.Next` is `@escaping`: the stale answer comes first, the revalidation after.
    @Test(arguments: TransportKind.available) func staleWhileRevalidateRevalidatesInTheBackground(over transport: TransportKind) async throws {
        let clock = TestClock()
        let finished = AsyncStream<Void>.makeStream()
        let cache = HTTPCache(memoryCapacity: 1 << 20)
        let interceptor = CacheInterceptor(cache: cache, now: clock.closure, backgroundRevalidationFinished: { finished.continuation.yield() })
        let wire = transport.make()
        let buffering = ResponseBufferingInterceptor()
        let next: Interceptor.Next = { request in try await buffering.intercept(request, next: { try await wire.send($0) }) }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=10, stale-while-revalidate=100", "ETag": #""a""#], body: "v1"))
        server.enqueue(MockResponse(status: 304, headers: ["Cache-Control": "max-age=600"]))
        let request = HTTPRequest(method: .get, url: server.url("/item"), responseBodyMode: .buffered(limit: 1 << 20))
        _ = try await interceptor.intercept(request, escapingNext: next)
        clock.advance(30)
        let stale = try await interceptor.intercept(request, escapingNext: next)
        #expect(stale.cacheStatus == .staleWhileRevalidate && String(decoding: stale.body.bufferedData ?? Data(), as: UTF8.self) == "v1")
        for await _ in finished.stream { break }
        #expect(server.recordedRequests.last?.headers["If-None-Match"] == #""a""#)
        let fresh = try await interceptor.intercept(request, escapingNext: next)
        #expect(fresh.cacheStatus == .hit)
        #expect(server.requestCount == 2)
    }
}

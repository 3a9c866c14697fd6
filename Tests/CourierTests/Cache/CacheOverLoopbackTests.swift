import Courier
import CourierTesting
import Foundation
import Testing

/// The cache through a `NetworkClient` over each transport against MockWebServer (cache modes: CacheModeTests.swift).
/// RFC 9111's rules on several stored responses and on partial requests: `Vary` variants side by side (§4.1), `HEAD` updating the stored `GET` (§4.3.5),
/// `Range` answered from a complete stored response (§3.4).
@Suite struct CacheOverLoopbackTests {
    let server: MockWebServer
    let cache = HTTPCache(memoryCapacity: 1 << 20)

    init() throws {
        server = MockWebServer()
        try server.start()
    }

    func client(_ transport: TransportKind) -> NetworkClient {
        NetworkClient(baseURL: server.url("/"), configuration: .init(
            timeout: loopbackHangGuard, retryPolicy: .never, transport: transport.make(), cache: cache))
    }

    func get(_ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> TypedCall<Data> {
        TypedCall<Data>(method: method, path: "/item", headers: headers)
    }

    @Test(arguments: TransportKind.available) func varyVariantsAreStoredSideBySide(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"], body: "hello"))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"], body: "bonjour"))
        let client = client(transport)
        var bodies: [String] = []
        for language in ["en", "fr", "en", "fr"] {
            let response = try await client.response(get(["Accept-Language": language]))
            bodies.append(String(decoding: response.value, as: UTF8.self))
        }
        #expect(bodies == ["hello", "bonjour", "hello", "bonjour"])
        #expect(server.requestCount == 2)
        #expect(await cache.cachedResponses(for: server.url("/item")).count == 2)
    }

    @Test(arguments: TransportKind.available) func aResponseVaryingOnOtherFieldsReplacesTheVariants(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"], body: "en"))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "Vary": "Accept"], body: "json"))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "again"))
        let client = client(transport)
        _ = try await client.response(get(["Accept-Language": "en"]))
        _ = try await client.response(get(["Accept-Language": "de", "Accept": "application/json"]))
        #expect(await cache.cachedResponses(for: server.url("/item")).map(\.varyingRequestFields) == [["accept": "application/json"]])
        let third = try await client.response(get(["Accept-Language": "en"]))
        #expect(third.cacheStatus == .miss && String(decoding: third.value, as: UTF8.self) == "again")
    }

    @Test(arguments: TransportKind.available) func aHeadResponseUpdatesTheStoredGet(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "ETag": #""a""#, "X-Version": "1"], body: "body"))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "ETag": #""a""#, "X-Version": "2", "Content-Length": "4"]))
        let client = client(transport)
        _ = try await client.response(get())
        let head = try await client.response(get(method: .head))
        #expect(head.cacheStatus == nil)
        let second = try await client.response(get())
        #expect(second.cacheStatus == .hit && second.headers["X-Version"] == "2")
        #expect(String(decoding: second.value, as: UTF8.self) == "body")
        #expect(server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available) func aHeadWithAnotherValidatorMakesTheStoredGetStale(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "ETag": #""a""#], body: "old"))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "ETag": #""b""#]))
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600", "ETag": #""b""#], body: "new"))
        let client = client(transport)
        _ = try await client.response(get())
        _ = try await client.response(get(method: .head))
        let third = try await client.response(get())
        #expect(String(decoding: third.value, as: UTF8.self) == "new")
        #expect(server.recordedRequests.last?.headers["If-None-Match"] == #""a""#)
    }

    @Test(arguments: TransportKind.available, [
        ("bytes=2-4", "234", "2-4"), ("bytes=7-", "789", "7-9"), ("bytes=-3", "789", "7-9"), ("bytes=8-99", "89", "8-9"),
    ])
    func aRangeIsCutFromTheStoredResponse(over transport: TransportKind, _ row: (range: String, expected: String, bytes: String)) async throws {
        let (range, expected) = (row.range, row.expected)
        defer { server.shutdown() }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "0123456789"))
        let client = client(transport)
        _ = try await client.response(get())
        let partial = try await client.response(get(["Range": range]))
        #expect(partial.statusCode == 206 && partial.cacheStatus == .hit)
        #expect(String(decoding: partial.value, as: UTF8.self) == expected)
        #expect(partial.headers["Content-Range"] == "bytes \(row.bytes)/10")
        #expect(server.requestCount == 1)
    }

    @Test(arguments: TransportKind.available, ["bytes=0-1,4-5", "bytes=10-", "items=0-1"])
    func aRangeTheCacheCannotCutGoesToTheServer(over transport: TransportKind, range: String) async throws {
        defer { server.shutdown() }
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "0123456789"))
        server.enqueue(MockResponse(status: 206, headers: ["Content-Range": "bytes 0-1/10"], body: "01"))
        let client = client(transport)
        _ = try await client.response(get())
        let partial = try await client.response(get(["Range": range]))
        #expect(partial.cacheStatus == nil && server.requestCount == 2)
        #expect(server.recordedRequests.last?.headers["Range"] == range)
        // The 206 is not stored: the complete response still answers.
        #expect(try await client.response(get()).cacheStatus == .hit)
    }
}

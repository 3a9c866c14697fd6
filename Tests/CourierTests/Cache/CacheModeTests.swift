import Courier
import CourierTesting
import Foundation
import Testing

/// `CacheMode`, fetch's per-request cache modes, set on an endpoint builder, over each transport.
extension CacheOverLoopbackTests {
    /// Stores `body` under /item with `cacheControl` (and an ETag) with a first plain GET.
    func prime(_ client: NetworkClient, cacheControl: String = "max-age=600", body: String = "v1") async throws {
        server.enqueue(MockResponse(headers: ["Cache-Control": cacheControl, "ETag": #""1""#], body: .init(stringLiteral: body)))
        #expect(try await client.response(.get("/item")).cacheStatus == .miss)
    }

    func text(_ response: Response<Data>) -> String { String(decoding: response.value, as: UTF8.self) }

    @Test(arguments: TransportKind.available) func noStoreNeitherReadsNorWrites(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        try await prime(client)
        server.enqueue(MockResponse(body: "v2").header("Cache-Control", "max-age=600"))
        let bypassed = try await client.response(.get("/item").cacheMode(.noStore))
        #expect(text(bypassed) == "v2")
        #expect(bypassed.cacheStatus == nil)
        #expect(server.recordedRequests.last?.headers["If-None-Match"] == nil)
        #expect(text(try await client.response(.get("/item"))) == "v1")   // the v2 response was not stored
    }

    @Test(arguments: TransportKind.available) func reloadAsksTheServerAndStores(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        try await prime(client)
        server.enqueue(MockResponse(headers: ["Cache-Control": "max-age=600"], body: "v2"))
        let reloaded = try await client.response(.get("/item").cacheMode(.reload))
        #expect(reloaded.cacheStatus == .miss && text(reloaded) == "v2")
        #expect(server.recordedRequests.last?.headers["If-None-Match"] == nil)
        let next = try await client.response(.get("/item"))
        #expect(next.cacheStatus == .hit && text(next) == "v2" && server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available) func noCacheRevalidatesAFreshResponse(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        try await prime(client)
        server.enqueue(MockResponse(status: 304, headers: ["Cache-Control": "max-age=600"]))
        let revalidated = try await client.response(.get("/item").cacheMode(.noCache))
        #expect(revalidated.cacheStatus == .revalidated && text(revalidated) == "v1")
        #expect(server.recordedRequests.last?.headers["If-None-Match"] == #""1""#)
    }

    @Test(arguments: TransportKind.available) func forceCacheTakesAStaleResponseAndFetchesWithoutOne(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        try await prime(client, cacheControl: "max-age=0, must-revalidate")
        let stale = try await client.response(.get("/item").cacheMode(.forceCache))
        #expect(stale.cacheStatus == .stale && text(stale) == "v1" && server.requestCount == 1)
        server.enqueue(MockResponse(body: "other"))
        let fetched = try await client.response(.get("/other").cacheMode(.forceCache))
        #expect(fetched.cacheStatus == .miss && text(fetched) == "other" && server.requestCount == 2)
    }

    @Test(arguments: TransportKind.available) func onlyIfCachedTakesAStaleResponseOrIs504(over transport: TransportKind) async throws {
        defer { server.shutdown() }
        let client = client(transport)
        try await prime(client, cacheControl: "no-cache")
        let stale = try await client.response(.get("/item").cacheMode(.onlyIfCached))
        #expect(stale.cacheStatus == .stale && text(stale) == "v1")
        await #expect {
            _ = try await client.response(.get("/other").cacheMode(.onlyIfCached))
        } throws: { error in
            guard case .httpStatus(let failure) = error as? NetworkError else { return false }
            return failure.statusCode == 504
        }
        #expect(server.requestCount == 1)
    }

    @Test func anEndpointDeclaresItsMode() throws {
        struct Feed: APIDefinition {
            typealias APIResponse = Data
            var path: EndpointPath { "/feed" }
            var method: HTTPMethod { .get }
            var cacheMode: CacheMode? { .reload }
        }
        defer { server.shutdown() }
        let request = try HTTPRequest(Feed(), baseURL: server.url("/"))
        #expect(request.cacheMode == .reload)
        #expect(try HTTPRequest(EndpointBuilder<Data>.get("/feed"), baseURL: server.url("/")).cacheMode == .default)
    }
}

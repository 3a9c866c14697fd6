import Courier
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The cache rules as a table, each row run through a `NetworkClient` over each transport against MockWebServer,
/// with an injected clock: a first GET is stored (or not), the clock moves, a second GET is answered from the
/// cache or reaches the server.
@Suite(.loopback) struct CacheRulesOverSocketTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// The first response's fields (`Date` is added: the clock's time).
        let first: HTTPHeaders
        var firstRequest: HTTPHeaders = [:]
        /// Seconds the clock moves between the two requests.
        let advance: Double
        let second: HTTPHeaders
        /// The server's answer to the second request, if it gets one.
        var secondResponse = MockResponse(headers: ["Cache-Control": "max-age=60"], body: "v2")
        let status: CacheStatus?
        let body: String
        let requests: Int
        var testDescription: String { name }
    }

    static let notModified = MockResponse(status: 304, headers: ["Cache-Control": "max-age=60"])

    static let rows: [Row] = [
        Row(name: "max-age fresh", first: ["Cache-Control": "max-age=60"], advance: 59, second: [:], status: .hit, body: "v1", requests: 1),
        Row(name: "max-age stale, no validator", first: ["Cache-Control": "max-age=60"], advance: 61, second: [:], status: .miss, body: "v2", requests: 2),
        Row(name: "Age counts", first: ["Cache-Control": "max-age=60", "Age": "50"], advance: 11, second: [:], status: .miss, body: "v2", requests: 2),
        Row(name: "Age list-valued is stale", first: ["Cache-Control": "max-age=60", "Age": "1, 2"], advance: 1, second: [:],
            status: .miss, body: "v2", requests: 2),
        Row(name: "Age invalid is stale", first: ["Cache-Control": "max-age=60", "Age": "1.5"], advance: 1, second: [:],
            status: .miss, body: "v2", requests: 2),
        Row(name: "Expires invalid is expired", first: ["Expires": "0"], advance: 0, second: [:], status: .miss, body: "v2", requests: 2),
        Row(name: "Expires in UTC is invalid", first: ["Expires": "Fri, 01 Jan 2100 00:00:00 UTC"], advance: 0, second: [:],
            status: .miss, body: "v2", requests: 2),
        Row(name: "Expires fresh", first: ["Expires": HTTPDate.format(clock0 + 100)], advance: 99, second: [:], status: .hit, body: "v1", requests: 1),
        Row(name: "heuristic from Last-Modified", first: ["Last-Modified": HTTPDate.format(clock0 - 1000)], advance: 99, second: [:],
            status: .hit, body: "v1", requests: 1),
        Row(name: "heuristic expired, revalidated with If-Modified-Since", first: ["Last-Modified": HTTPDate.format(clock0 - 1000)], advance: 101,
            second: [:], secondResponse: notModified, status: .revalidated, body: "v1", requests: 2),
        Row(name: "no-store", first: ["Cache-Control": "no-store, max-age=60"], advance: 0, second: [:], status: .miss, body: "v2", requests: 2),
        Row(name: "no-cache revalidates", first: ["Cache-Control": "no-cache", "ETag": #""1""#], advance: 0, second: [:],
            secondResponse: notModified, status: .revalidated, body: "v1", requests: 2),
        Row(name: "private stored", first: ["Cache-Control": "private, max-age=60"], advance: 1, second: [:], status: .hit, body: "v1", requests: 1),
        Row(name: "s-maxage ignored", first: ["Cache-Control": "s-maxage=600"], advance: 1, second: [:], status: .miss, body: "v2", requests: 2),
        Row(name: "request no-cache", first: ["Cache-Control": "max-age=60", "ETag": #""1""#], advance: 1, second: ["Cache-Control": "no-cache"],
            secondResponse: notModified, status: .revalidated, body: "v1", requests: 2),
        Row(name: "request max-age", first: ["Cache-Control": "max-age=60"], advance: 20, second: ["Cache-Control": "max-age=10"],
            status: .miss, body: "v2", requests: 2),
        Row(name: "request min-fresh", first: ["Cache-Control": "max-age=60"], advance: 50, second: ["Cache-Control": "min-fresh=20"],
            status: .miss, body: "v2", requests: 2),
        Row(name: "request max-stale", first: ["Cache-Control": "max-age=60"], advance: 90, second: ["Cache-Control": "max-stale=60"],
            status: .stale, body: "v1", requests: 1),
        Row(name: "must-revalidate refuses max-stale", first: ["Cache-Control": "max-age=60, must-revalidate", "ETag": #""1""#], advance: 90,
            second: ["Cache-Control": "max-stale=60"], secondResponse: notModified, status: .revalidated, body: "v1", requests: 2),
        Row(name: "immutable ignores max-age=0", first: ["Cache-Control": "max-age=60, immutable"], advance: 1, second: ["Cache-Control": "max-age=0"],
            status: .hit, body: "v1", requests: 1),
        Row(name: "only-if-cached, fresh", first: ["Cache-Control": "max-age=60"], advance: 1, second: ["Cache-Control": "only-if-cached"],
            status: .hit, body: "v1", requests: 1),
        Row(name: "Vary matches", first: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"], firstRequest: ["Accept-Language": "en"],
            advance: 1, second: ["Accept-Language": "en"], status: .hit, body: "v1", requests: 1),
        Row(name: "Vary differs", first: ["Cache-Control": "max-age=60", "Vary": "Accept-Language"], firstRequest: ["Accept-Language": "en"],
            advance: 1, second: ["Accept-Language": "fr"], status: .miss, body: "v2", requests: 2),
        Row(name: "Vary: *", first: ["Cache-Control": "max-age=60", "Vary": "*"], advance: 1, second: [:], status: .miss, body: "v2", requests: 2),
        Row(name: "Authorization, not public", first: ["Cache-Control": "max-age=60"], firstRequest: ["Authorization": "Bearer x"], advance: 1,
            second: ["Authorization": "Bearer x"], status: .miss, body: "v2", requests: 2),
        Row(name: "Authorization, public", first: ["Cache-Control": "public, max-age=60"], firstRequest: ["Authorization": "Bearer x"], advance: 1,
            second: ["Authorization": "Bearer x"], status: .hit, body: "v1", requests: 1),
        Row(name: "stale-if-error on a 503", first: ["Cache-Control": "max-age=60, stale-if-error=60", "ETag": #""1""#], advance: 90, second: [:],
            secondResponse: MockResponse(status: 503, body: "down"), status: .staleIfError, body: "v1", requests: 2),
        Row(name: "stale-if-error on a lost connection", first: ["Cache-Control": "max-age=60, stale-if-error=60"], advance: 90, second: [:],
            secondResponse: MockResponse(body: "cut short").socketPolicy(.disconnectDuringBody(afterBytes: 3)), status: .staleIfError, body: "v1", requests: 2),
        Row(name: "own If-None-Match passes through", first: ["Cache-Control": "max-age=60"], advance: 1, second: ["If-None-Match": #""x""#],
            status: nil, body: "v2", requests: 2),
    ]

    static let clock0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: TransportKind.available, rows) func rule(over transport: TransportKind, _ row: Row) async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let clock = TestClock(Self.clock0)
        var first = row.first
        first["Date"] = clock.httpDate()
        server.enqueue(MockResponse(headers: first, body: "v1"))
        server.enqueue(row.secondResponse)
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(
            retryPolicy: .never,
            // The cache as an application interceptor: its clock is the test's.
            interceptors: [CacheInterceptor(cache: HTTPCache(memoryCapacity: 1 << 20), now: clock.closure)],
            transport: transport.make()))
        let one = try await client.response(TypedCall<Data>(path: "/rule", headers: row.firstRequest))
        #expect(one.cacheStatus == .miss)
        clock.advance(row.advance)
        let two = try await client.response(TypedCall<Data>(path: "/rule", headers: row.second))
        #expect(two.cacheStatus == row.status)
        #expect(String(decoding: two.value, as: UTF8.self) == row.body)
        #expect(server.requestCount == row.requests)
        if row.status == .revalidated {
            let conditional = server.recordedRequests.last?.headers
            #expect(conditional?["If-None-Match"] != nil || conditional?["If-Modified-Since"] != nil)
        }
    }
}

import Courier
import Foundation
import Testing

/// `CacheInterceptor`'s rules with a scripted rest-of-stack and an injected clock (no server, no waiting); the
/// same rules over a real socket are in `CacheIntegrationTests`.
@Suite struct CacheInterceptorTests {
    let clock = TestClock()
    let cache = HTTPCache(memoryCapacity: 1 << 20)
    var interceptor: CacheInterceptor { CacheInterceptor(cache: cache, now: clock.closure) }

    func send(_ request: HTTPRequest, _ next: ScriptedNext) async throws -> HTTPResponse {
        try await interceptor.intercept(request, next: next.next)
    }

    /// A plain GET of `cacheTestURL`.
    func send(_ next: ScriptedNext) async throws -> HTTPResponse {
        try await send(cacheRequest(), next)
    }

    /// Stores `fields` (plus `Date: now`) with body "v1" for `url`.
    func prime(_ fields: HTTPHeaders, url: URL = cacheTestURL, requestHeaders: HTTPHeaders = [:], body: String = "v1") async throws {
        var headers = fields
        headers["Date"] = clock.httpDate()
        let response = try await send(cacheRequest(url, headers: requestHeaders), ScriptedNext(headers: headers, body: body))
        #expect(response.cacheStatus == .miss)
    }

    // MARK: Hits and misses

    @Test func freshHitDoesNotCallNextAndCarriesAge() async throws {
        try await prime(["Cache-Control": "max-age=60", "ETag": #""a""#])
        clock.advance(20)
        let next = ScriptedNext(status: 500, headers: [:])
        let response = try await send(next)
        #expect(next.count == 0)
        #expect(response.cacheStatus == .hit)
        #expect(response.statusCode == 200 && response.text == "v1")
        #expect(response.headers["Age"] == "20")
        #expect(response.headers["ETag"] == #""a""#)
    }

    @Test func missIsMarkedAndStored() async throws {
        let next = ScriptedNext(headers: ["Cache-Control": "max-age=60"])
        let response = try await send(next)
        #expect(response.cacheStatus == .miss)
        #expect(cache.entryCount == 1)
        #expect(next.count == 1)
    }

    struct StoreRow: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        let response: HTTPHeaders
        let request: HTTPHeaders
        let stored: Bool
        var testDescription: String { name }
    }

    /// §3 storing rules, §3.5 Authorization.
    static let storeRows: [StoreRow] = [
        StoreRow(name: "200 with max-age", status: 200, response: ["Cache-Control": "max-age=60"], request: [:], stored: true),
        StoreRow(name: "200 without freshness (heuristic status)", status: 200, response: [:], request: [:], stored: true),
        StoreRow(name: "404 without freshness", status: 404, response: [:], request: [:], stored: true),
        StoreRow(name: "302 without freshness", status: 302, response: [:], request: [:], stored: false),
        StoreRow(name: "302 with max-age", status: 302, response: ["Cache-Control": "max-age=60"], request: [:], stored: true),
        StoreRow(name: "302 with Expires", status: 302, response: ["Expires": "Sun, 06 Nov 2050 08:49:37 GMT"], request: [:], stored: true),
        StoreRow(name: "500 without freshness", status: 500, response: [:], request: [:], stored: false),
        StoreRow(name: "503 private", status: 503, response: ["Cache-Control": "private"], request: [:], stored: true),
        StoreRow(name: "206 never", status: 206, response: ["Cache-Control": "max-age=60"], request: [:], stored: false),
        StoreRow(name: "response no-store", status: 200, response: ["Cache-Control": "max-age=60, no-store"], request: [:], stored: false),
        StoreRow(name: "request no-store", status: 200, response: ["Cache-Control": "max-age=60"], request: ["Cache-Control": "no-store"], stored: false),
        StoreRow(name: "private is stored", status: 200, response: ["Cache-Control": "private, max-age=60"], request: [:], stored: true),
        StoreRow(name: "no-cache is stored", status: 200, response: ["Cache-Control": "no-cache"], request: [:], stored: true),
        StoreRow(name: "Vary: * never", status: 200, response: ["Cache-Control": "max-age=60", "Vary": "Accept, *"], request: [:], stored: false),
        StoreRow(name: "Authorization, plain max-age", status: 200, response: ["Cache-Control": "max-age=60"],
                 request: ["Authorization": "Bearer t"], stored: false),
        StoreRow(name: "Authorization, private", status: 200, response: ["Cache-Control": "private, max-age=60"],
                 request: ["Authorization": "Bearer t"], stored: false),
        StoreRow(name: "Authorization, public", status: 200, response: ["Cache-Control": "public, max-age=60"],
                 request: ["Authorization": "Bearer t"], stored: true),
        StoreRow(name: "Authorization, must-revalidate", status: 200, response: ["Cache-Control": "must-revalidate, max-age=60"],
                 request: ["Authorization": "Bearer t"], stored: true),
        StoreRow(name: "Authorization, s-maxage", status: 200, response: ["Cache-Control": "s-maxage=60, max-age=60"],
                 request: ["Authorization": "Bearer t"], stored: true),
    ]

    @Test(arguments: storeRows) func storing(_ row: StoreRow) async throws {
        let response = try await send(cacheRequest(headers: row.request), ScriptedNext(status: row.status, headers: row.response))
        #expect(response.cacheStatus == .miss)
        #expect(cache.entryCount == (row.stored ? 1 : 0))
    }

    @Test func hopByHopFieldsAreNotStored() async throws {
        try await prime(["Cache-Control": "max-age=60", "Connection": "X-Hop", "X-Hop": "1", "Keep-Alive": "timeout=5", "X-Kept": "2"])
        let response = try await send(ScriptedNext(headers: [:]))
        #expect(response.cacheStatus == .hit)
        #expect(!response.headers.contains("Connection") && !response.headers.contains("X-Hop") && !response.headers.contains("Keep-Alive"))
        #expect(response.headers["X-Kept"] == "2")
    }

    // MARK: Pass-through

    @Test func usersOwnConditionalRequestPassesThroughUntouched() async throws {
        try await prime(["Cache-Control": "max-age=60", "ETag": #""a""#])
        let next = ScriptedNext(status: 304, headers: ["ETag": #""b""#])
        let response = try await send(cacheRequest(headers: ["If-None-Match": #""mine""#]), next)
        #expect(response.statusCode == 304 && response.cacheStatus == nil)
        #expect(next.requests.first?.headers["If-None-Match"] == #""mine""#)
        #expect(try await send(ScriptedNext(status: 500, headers: [:])).text == "v1")   // the stored one is still there
    }

    @Test func aStreamedRequestBypassesTheCache() async throws {
        try await prime(["Cache-Control": "max-age=60"])
        var request = cacheRequest()
        request.responseBodyMode = .streamed
        let next = ScriptedNext(headers: ["Cache-Control": "max-age=60"], body: "v2")
        let response = try await send(request, next)
        #expect(next.count == 1 && response.cacheStatus == nil && response.text == "v2")
        #expect(try await send(ScriptedNext(status: 500, headers: [:])).text == "v1")
    }

    @Test(arguments: [HTTPMethod.head, .options, .trace]) func otherSafeMethodsPassThrough(_ method: HTTPMethod) async throws {
        try await prime(["Cache-Control": "max-age=60"])
        let next = ScriptedNext(headers: ["Cache-Control": "max-age=60"])
        let response = try await send(cacheRequest(method: method), next)
        #expect(next.count == 1 && response.cacheStatus == nil)
        #expect(cache.entryCount == 1)
    }

    // MARK: Revalidation

    @Test func revalidationSendsValidatorsAnd304AnswersWithTheStoredBody() async throws {
        try await prime(["Cache-Control": "max-age=10", "ETag": #""v1""#, "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT", "X-Old": "1", "Content-Length": "2"])
        clock.advance(30)
        let next = ScriptedNext(status: 304, headers: ["Cache-Control": "max-age=100", "X-Old": "2", "X-New": "3", "Content-Length": "0", "Date": clock.httpDate()], body: "")
        let response = try await send(next)
        #expect(next.requests.first?.headers["If-None-Match"] == #""v1""#)
        #expect(next.requests.first?.headers["If-Modified-Since"] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(response.statusCode == 200 && response.cacheStatus == .revalidated && response.text == "v1")
        #expect(response.headers["X-Old"] == "2" && response.headers["X-New"] == "3")
        #expect(response.headers["Content-Length"] == "2")
        // Freshened: max-age=100 from the 304 now counts.
        clock.advance(90)
        let later = try await send(ScriptedNext(status: 500, headers: [:]))
        #expect(later.cacheStatus == .hit && later.headers["X-New"] == "3")
    }

    @Test func lastModifiedAloneGivesIfModifiedSince() async throws {
        try await prime(["Cache-Control": "no-cache", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"])
        let next = ScriptedNext(status: 304, headers: [:], body: "")
        let response = try await send(next)
        #expect(next.requests.first?.headers["If-Modified-Since"] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(next.requests.first?.headers["If-None-Match"] == nil)
        #expect(response.cacheStatus == .revalidated)
    }

    @Test func noCacheResponseIsRevalidatedEveryTime() async throws {
        try await prime(["Cache-Control": "no-cache, max-age=600", "ETag": #""a""#])
        let next = ScriptedNext(status: 304, headers: [:], body: "")
        for _ in 0..<3 { #expect(try await send(next).cacheStatus == .revalidated) }
        #expect(next.count == 3)
    }

    @Test func requestNoCacheRevalidatesAFreshResponse() async throws {
        try await prime(["Cache-Control": "max-age=600", "ETag": #""a""#])
        let next = ScriptedNext(status: 304, headers: [:], body: "")
        #expect(try await send(cacheRequest(headers: ["Cache-Control": "no-cache"]), next).cacheStatus == .revalidated)
        #expect(try await send(cacheRequest(headers: ["Pragma": "no-cache"]), next).cacheStatus == .revalidated)
        #expect(next.count == 2)
    }

    @Test func a304ForAnotherRepresentationIsAskedAgainUnconditionally() async throws {
        try await prime(["Cache-Control": "max-age=0", "ETag": #""a""#])
        let next = ScriptedNext { _, number in
            number == 0
                ? HTTPResponse(statusCode: 304, headers: ["ETag": #""other""#])
                : HTTPResponse(statusCode: 200, headers: ["Cache-Control": "max-age=60"], body: Data("v2".utf8))
        }
        let response = try await send(next)
        #expect(next.count == 2)
        #expect(next.requests[1].headers["If-None-Match"] == nil)
        #expect(response.statusCode == 200 && response.text == "v2" && response.cacheStatus == .miss)
    }

    @Test func a200OnRevalidationReplacesTheEntry() async throws {
        try await prime(["Cache-Control": "max-age=0", "ETag": #""a""#])
        let response = try await send(ScriptedNext(headers: ["Cache-Control": "max-age=60"], body: "v2"))
        #expect(response.cacheStatus == .miss && response.text == "v2")
        #expect(try await send(ScriptedNext(status: 500, headers: [:])).text == "v2")
    }

    @Test func aNoStoreAnswerOnRevalidationRemovesTheEntry() async throws {
        try await prime(["Cache-Control": "max-age=0", "ETag": #""a""#])
        _ = try await send(ScriptedNext(headers: ["Cache-Control": "no-store"], body: "v2"))
        #expect(cache.entryCount == 0)
    }

    @Test func staleWithoutValidatorsIsFetchedAgain() async throws {
        try await prime(["Cache-Control": "max-age=10"])
        clock.advance(11)
        let next = ScriptedNext(headers: ["Cache-Control": "max-age=10"], body: "v2")
        let response = try await send(next)
        #expect(next.requests.first?.headers.contains("If-None-Match") == false)
        #expect(response.cacheStatus == .miss && response.text == "v2")
    }

    // MARK: only-if-cached

    @Test func onlyIfCachedWithNothingStoredIs504() async throws {
        let next = ScriptedNext(headers: [:])
        let response = try await send(cacheRequest(headers: ["Cache-Control": "only-if-cached"]), next)
        #expect(response.statusCode == 504 && response.cacheStatus == .miss && next.count == 0)
    }

    @Test func onlyIfCachedWithAStaleEntryIs504() async throws {
        try await prime(["Cache-Control": "max-age=10", "ETag": #""a""#])
        clock.advance(20)
        let next = ScriptedNext(headers: [:])
        let response = try await send(cacheRequest(headers: ["Cache-Control": "only-if-cached"]), next)
        #expect(response.statusCode == 504 && next.count == 0)
        let stale = try await send(cacheRequest(headers: ["Cache-Control": "only-if-cached, max-stale=60"]), next)
        #expect(stale.statusCode == 200 && stale.cacheStatus == .stale && next.count == 0)
    }

    @Test func onlyIfCachedWithAFreshEntryHits() async throws {
        try await prime(["Cache-Control": "max-age=10"])
        let response = try await send(cacheRequest(headers: ["Cache-Control": "only-if-cached"]), ScriptedNext(headers: [:]))
        #expect(response.cacheStatus == .hit && response.text == "v1")
    }

    // MARK: Vary

    @Test func varySelectingHeadersMustMatch() async throws {
        try await prime(["Cache-Control": "max-age=60", "Vary": "Accept-Language, accept"], requestHeaders: ["Accept-Language": "en,  fr", "X-Other": "1"])
        let next = ScriptedNext(headers: ["Cache-Control": "max-age=60", "Vary": "Accept-Language, accept"], body: "other")
        // Same selecting fields (whitespace normalized), other fields differ: a hit.
        let same = try await send(cacheRequest(headers: ["accept-language": "en, fr", "X-Other": "2"]), next)
        #expect(same.cacheStatus == .hit && next.count == 0)
        // Accept was absent and must stay absent.
        let withAccept = try await send(cacheRequest(headers: ["Accept-Language": "en, fr", "Accept": "text/plain"]), next)
        #expect(withAccept.cacheStatus == .miss && next.count == 1)
        let other = try await send(cacheRequest(headers: ["Accept-Language": "de"]), next)
        #expect(other.cacheStatus == .miss && other.text == "other" && next.count == 2)
        // The variants are kept side by side (§4.1): a request like the first is still a hit.
        let first = try await send(cacheRequest(headers: ["Accept-Language": "en, fr"]), next)
        #expect(first.cacheStatus == .hit && next.count == 2)
    }

    // MARK: Invalidation

    static let otherURL = URL(string: "https://api.example.test/items/2")!
    static let foreignURL = URL(string: "https://elsewhere.example.test/items/3")!

    @Test(arguments: [HTTPMethod.post, .put, .delete, .patch, "PURGE"]) func unsafeMethodInvalidatesTargetAndSameOriginLocations(_ method: HTTPMethod) async throws {
        try await prime(["Cache-Control": "max-age=60"])
        try await prime(["Cache-Control": "max-age=60"], url: Self.otherURL)
        try await prime(["Cache-Control": "max-age=60"], url: URL(string: "https://api.example.test/items/4")!)
        try await prime(["Cache-Control": "max-age=60"], url: Self.foreignURL)
        let next = ScriptedNext(status: 201, headers: [
            "Location": "/items/2", "Content-Location": "https://api.example.test/items/4#part", "X": "y",
        ])
        let response = try await send(cacheRequest(method: method), next)
        #expect(response.statusCode == 201 && response.cacheStatus == nil)
        #expect(cache.entryCount == 1)
        #expect(await cache.entries(for: CacheInterceptor.key(for: Self.foreignURL)).count == 1)
    }

    @Test func foreignLocationIsNotInvalidated() async throws {
        try await prime(["Cache-Control": "max-age=60"], url: Self.foreignURL)
        _ = try await send(cacheRequest(method: .post), ScriptedNext(status: 303, headers: ["Location": Self.foreignURL.absoluteString]))
        #expect(cache.entryCount == 1)
    }

    @Test(arguments: [400, 404, 500]) func failedUnsafeMethodDoesNotInvalidate(_ status: Int) async throws {
        try await prime(["Cache-Control": "max-age=60"])
        _ = try await send(cacheRequest(method: .post), ScriptedNext(status: status, headers: [:]))
        #expect(cache.entryCount == 1)
    }

    // MARK: stale-while-revalidate, stale-if-error, must-revalidate

    @Test func staleWhileRevalidateAnswersAtOnceAndRevalidatesInTheBackground() async throws {
        let finished = AsyncStream<Void>.makeStream()
        let interceptor = CacheInterceptor(cache: cache, now: clock.closure, backgroundRevalidationFinished: { finished.continuation.yield() })
        try await prime(["Cache-Control": "max-age=10, stale-while-revalidate=60", "ETag": #""a""#])
        clock.advance(30)
        // The background request waits until the stale answer was returned.
        let gate = AsyncStream<Void>.makeStream()
        let next = ScriptedNext { _, _ in HTTPResponse(statusCode: 304, headers: ["Cache-Control": "max-age=100"]) }
        let gated: Interceptor.Next = { request in
            for await _ in gate.stream { break }
            return try await next.next(request)
        }
        let response = try await interceptor.intercept(cacheRequest(), escapingNext: gated)
        #expect(response.cacheStatus == .staleWhileRevalidate && response.text == "v1" && response.headers["Age"] == "30")
        gate.continuation.yield()
        for await _ in finished.stream { break }
        #expect(next.requests.first?.headers["If-None-Match"] == #""a""#)
        let after = try await interceptor.intercept(cacheRequest(), next: ScriptedNext(status: 500, headers: [:]).next)
        #expect(after.cacheStatus == .hit)
    }

    struct Failure: Error {}

    @Test func staleIfErrorAnswersAnErrorWithTheStoredResponse() async throws {
        try await prime(["Cache-Control": "max-age=10, stale-if-error=60", "ETag": #""a""#])
        clock.advance(30)
        let lost = ScriptedNext { _, _ in throw NetworkError.transport(TransportFailure(kind: .connectionLost, message: "gone")) }
        let response = try await send(lost)
        #expect(response.cacheStatus == .staleIfError && response.text == "v1" && lost.count == 1)
        for status in [500, 502, 503, 504] {
            let failing = try await send(ScriptedNext(status: status, headers: [:], body: "oops"))
            #expect(failing.cacheStatus == .staleIfError && failing.statusCode == 200)
        }
        let notFound = try await send(ScriptedNext(status: 404, headers: [:], body: "gone"))
        #expect(notFound.statusCode == 404 && notFound.cacheStatus == .miss)
    }

    @Test func pastStaleIfErrorTheErrorIsThrownAndA5xxReturned() async throws {
        try await prime(["Cache-Control": "max-age=10, stale-if-error=60", "ETag": #""a""#])
        clock.advance(71)
        let lost = ScriptedNext { _, _ in throw NetworkError.transport(TransportFailure(kind: .connectionLost, message: "gone")) }
        await #expect(throws: NetworkError.self) { try await send(lost) }
        let failing = try await send(ScriptedNext(status: 503, headers: [:], body: "oops"))
        #expect(failing.statusCode == 503 && failing.cacheStatus == .miss)
    }

    @Test func a5xxOnRevalidationIsForwardedAndKeepsTheStoredResponse() async throws {
        try await prime(["Cache-Control": "max-age=10", "ETag": #""a""#])
        clock.advance(30)
        let failing = try await send(ScriptedNext(status: 503, headers: [:], body: "busy"))
        #expect(failing.statusCode == 503 && failing.cacheStatus == .miss)
        let stale = try await send(cacheRequest(headers: ["Cache-Control": "max-stale"]), ScriptedNext(status: 500, headers: [:]))
        #expect(stale.cacheStatus == .stale && stale.text == "v1")
    }

    @Test func requestStaleIfErrorCounts() async throws {
        try await prime(["Cache-Control": "max-age=10", "ETag": #""a""#])
        clock.advance(30)
        let response = try await send(cacheRequest(headers: ["Cache-Control": "stale-if-error=30"]), ScriptedNext(status: 503, headers: [:]))
        #expect(response.cacheStatus == .staleIfError && response.text == "v1")
    }

    @Test func mustRevalidateNeverServesStaleOnError() async throws {
        try await prime(["Cache-Control": "max-age=10, must-revalidate, stale-if-error=600", "ETag": #""a""#])
        clock.advance(30)
        let lost = ScriptedNext { _, _ in throw NetworkError.transport(TransportFailure(kind: .cannotConnect, message: "down")) }
        await #expect(throws: NetworkError.self) { try await send(lost) }
        let stale = try await send(cacheRequest(headers: ["Cache-Control": "max-stale"]), ScriptedNext(status: 304, headers: [:]))
        #expect(stale.cacheStatus == .revalidated)
    }

    @Test func cancellationIsNeverAnsweredStale() async throws {
        try await prime(["Cache-Control": "max-age=10, stale-if-error=60", "ETag": #""a""#])
        clock.advance(30)
        await #expect(throws: NetworkError.cancelled) { try await send(ScriptedNext { _, _ in throw NetworkError.cancelled }) }
    }
}

import Courier
import CourierSockets
import CourierTesting
import Foundation

/// `courier-bench cache`: what `CacheInterceptor` saves. One request at a time against MockWebServer on
/// loopback, the same 200-byte JSON response (`ClientBenchmarks.Account`) decoded on every side:
/// - baseline: the round trip through a client without a cache;
/// - a fresh hit from a memory cache and from a disk cache (goal: a hit costs ≤ 5 % of the round trip);
/// - a `304` revalidation (`no-cache` + `ETag`: the request goes out conditional, the stored body comes back).
/// Every client uses `SocketTransport` (on Linux; `URLSessionTransport` elsewhere). Passes are interleaved so
/// every side sees the same machine load; each figure is the best pass, with the spread (worst over best).
enum CacheBenchmarks {
    static let suite = BenchmarkSuite(
        name: "cache",
        summary: "fresh cache hit and 304 revalidation vs a loopback round trip of the same response (MockWebServer, SocketTransport)"
    ) {
        await run()
    }

    static let passes = 8
    static let iterations = 1_000

    struct GetAccount: APIDefinition {
        typealias APIResponse = ClientBenchmarks.Account
        var path: EndpointPath
        var method: HTTPMethod { .get }
        var headers: HTTPHeaders { ["Accept": "application/json"] }
    }

    static func run() async {
        let server = MockWebServer()
        do { try server.start() } catch { print("  cache: cannot start MockWebServer: \(error)"); return }
        defer { server.shutdown() }
        server.dispatcher = dispatcher
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let diskCache: HTTPCache
        do { diskCache = try HTTPCache(directory: directory, capacity: 16 << 20) } catch {
            print("  cache: cannot create the disk cache: \(error)"); return
        }
        let plain = client(server, cache: nil)
        let memory = client(server, cache: HTTPCache(memoryCapacity: 16 << 20))
        let disk = client(server, cache: diskCache)

        // The floor of any hit: the same call through a client whose transport answers at once from memory.
        let canned = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: ClientBenchmarks.body)
        let stub = NetworkClient(baseURL: server.baseURL, configuration: .init(
            retryPolicy: .never, transport: StubTransport(recording: false) { _ in canned }))
        let sides: [(name: String, operation: @Sendable () async throws -> Void)] = [
            ("round trip, no cache", { Measure.blackHole(try await plain.send(GetAccount(path: "/fresh/42"))) }),
            ("fresh hit, memory cache", { Measure.blackHole(try await memory.send(GetAccount(path: "/fresh/42"))) }),
            ("fresh hit, disk cache", { Measure.blackHole(try await disk.send(GetAccount(path: "/fresh/42"))) }),
            ("304 revalidation, memory cache", { Measure.blackHole(try await memory.send(GetAccount(path: "/revalidate/42"))) }),
            ("(floor) no network: StubTransport", { Measure.blackHole(try await stub.send(GetAccount(path: "/fresh/42"))) }),
        ]
        do {
            for side in sides { try await side.operation() }   // fills the caches
        } catch { print("  cache: a request failed: \(error)"); return }
        let before = server.requestCount
        var results = [[Double]](repeating: [], count: sides.count)
        for pass in 0..<passes {
            // Swap the order every pass so a slow moment does not always land on the same side.
            let order = pass % 2 == 0 ? Array(sides.indices) : sides.indices.reversed()
            for index in order {
                do {
                    results[index].append(try await Measure.nanosecondsPerOp(iterations: iterations, rounds: 1, sides[index].operation))
                } catch { print("  cache: a request failed: \(error)"); return }
            }
        }
        let requests = server.requestCount - before
        let baseline = results[0].min()!
        print("  one request at a time; \(passes) interleaved passes of \(iterations) requests a side (after as many warm-up)")
        for (index, side) in sides.enumerated() {
            let best = results[index].min()!
            let spread = (results[index].max()! / best - 1) * 100
            Measure.report(side.name, courier: best, baseline: baseline)
            print("    spread over passes ±\(String(format: "%.0f", spread))%   (\(String(format: "%.1f", best / 1000)) µs)")
        }
        // Every round trip and revalidation reaches the server; no hit does.
        let expected = 2 * passes * iterations * 2
        print("  requests the server saw while measuring: \(requests) (round trips + revalidations, warm-ups included: \(expected))")
        print("  goal: fresh hit ≤ 0.05× the round trip")
    }

    /// The account with an `ETag`: `/fresh/…` may be reused for an hour, `/revalidate/…` must be revalidated every
    /// time (a `304` when the tag matches).
    @Sendable static func dispatcher(_ request: RecordedRequest) -> MockResponse {
        let etag = #""acc-42""#
        let directive = request.path.hasPrefix("/revalidate") ? "no-cache" : "max-age=3600"
        if request.headers["If-None-Match"] == etag {
            return MockResponse(status: 304, headers: ["ETag": etag, "Cache-Control": directive])
        }
        return MockResponse(
            headers: ["Content-Type": "application/json", "ETag": etag, "Cache-Control": directive],
            body: .data(ClientBenchmarks.body))
    }

    static func client(_ server: MockWebServer, cache: HTTPCache?) -> NetworkClient {
        #if os(Linux)
        let transport: any Transport = SocketTransport()
        #else
        let transport: any Transport = URLSessionTransport()
        #endif
        return NetworkClient(baseURL: server.baseURL, configuration: .init(
            retryPolicy: .never, transport: transport, cache: cache))
    }
}

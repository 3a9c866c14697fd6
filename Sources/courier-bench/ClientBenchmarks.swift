import Courier
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `client`: the request pipeline over `StubTransport` against a hand-written URLRequest + JSONDecoder, and
/// 10,000 loopback requests against MockWebServer, Courier against raw URLSession.
///
/// `COURIER_BENCH_CLIENT=pipeline` runs only (a) (for A/B runs of the pipeline); `COURIER_BENCH_CLIENT=profile`
/// only sends the (a) request in a loop, 300,000 times, with nothing else in the process (for `perf record`).
enum ClientBenchmarks {
    static let suite = BenchmarkSuite(
        name: "client",
        summary: "NetworkClient pipeline vs hand-built URLRequest + JSONDecoder; loopback throughput vs raw URLSession"
    ) {
        switch ProcessInfo.processInfo.environment["COURIER_BENCH_CLIENT"] {
        case "profile":
            await profileLoop(iterations: 300_000)
        case "pipeline":
            await pipeline()
        default:
            await pipeline()
            await loopback()
        }
    }

    struct Account: Codable, Sendable {
        var id: Int
        var name: String
        var email: String
        var active: Bool
        var tags: [String]
    }

    struct GetAccount: APIDefinition {
        typealias APIResponse = Account
        var id: Int
        var method: HTTPMethod { .get }
        var path: EndpointPath { "/accounts/\(id)" }
        var headers: HTTPHeaders { ["Accept": "application/json"] }
    }

    static let body = Data(#"{"id":42,"name":"Kim","email":"kim@example.com","active":true,"tags":["a","b","c"]}"#.utf8)

    // MARK: (a) pipeline

    static let baseURL = URL(string: "https://api.example.com/v1")!
    static let canned = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)

    /// The client of (a): default configuration but for a `User-Agent` and the stub transport.
    static func pipelineClient() -> NetworkClient {
        let canned = canned
        let stub = StubTransport(recording: false) { _ in canned }
        return NetworkClient(baseURL: baseURL, configuration: .init(headers: ["User-Agent": "courier-bench"], transport: stub))
    }

    static func pipeline() async {
        let client = pipelineClient()
        let iterations = 20_000
        let courierSide: () async -> Void = {
            do { Measure.blackHole(try await client.send(GetAccount(id: 42))) } catch { fatalError("\(error)") }
        }
        let decoder = JSONDecoder()
        let baselineSide: () async -> Void = {
            do {
                var request = URLRequest(url: baseURL.appendingPathComponent("accounts").appendingPathComponent(String(42)))
                request.httpMethod = "GET"
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                request.setValue("courier-bench", forHTTPHeaderField: "User-Agent")
                let response = try await Self.stubFetch(request, canned: canned)
                guard (200..<300).contains(response.statusCode) else { fatalError("status") }
                Measure.blackHole(try decoder.decode(Account.self, from: response.body.bufferedData ?? Data()))
            } catch { fatalError("\(error)") }
        }
        let courier = await Measure.nanosecondsPerOp(iterations: iterations, courierSide)
        let baseline = await Measure.nanosecondsPerOp(iterations: iterations, baselineSide)
        let decodeOnly = Measure.nanosecondsPerOp(iterations: iterations) {
            do { Measure.blackHole(try decoder.decode(Account.self, from: body)) } catch { fatalError("\(error)") }
        }
        // CPU time too: on a shared machine wall time also counts the time other processes held the core.
        let courierCPU = await processCPUNanosecondsPerOp(iterations: iterations, courierSide)
        let baselineCPU = await processCPUNanosecondsPerOp(iterations: iterations, baselineSide)
        Measure.report("send over StubTransport", courier: courier, baseline: baseline)
        Measure.report("send over StubTransport, CPU time", courier: courierCPU, baseline: baselineCPU)
        print("  (for scale: JSONDecoder alone on this body: \(String(format: "%.0f", decodeOnly)) ns)")
        print("  goal: ratio ≤ 0.30× (issue #17)")
    }

    /// Sends the (a) request `iterations` times and nothing else: the loop `perf record` profiles.
    static func profileLoop(iterations: Int) async {
        let client = pipelineClient()
        let start = processCPUNanoseconds()
        for _ in 0..<iterations {
            do { Measure.blackHole(try await client.send(GetAccount(id: 42))) } catch { fatalError("\(error)") }
        }
        let perOp = Double(processCPUNanoseconds() - start) / Double(iterations)
        print("  profile loop: \(iterations) sends, \(String(format: "%.0f", perOp)) ns CPU each")
    }

    /// The process's CPU time (all threads) in nanoseconds: the pipeline hops between pool threads, so the
    /// calling thread's clock would miss part of it; the idle threads add nothing.
    static func processCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Like `Measure.nanosecondsPerOp`, in process CPU time: the best of `rounds` rounds after a warm-up round.
    static func processCPUNanosecondsPerOp(iterations: Int, rounds: Int = 5, _ body: () async -> Void) async -> Double {
        for _ in 0..<iterations { await body() }
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = processCPUNanoseconds()
            for _ in 0..<iterations { await body() }
            best = min(best, Double(processCPUNanoseconds() - start) / Double(iterations))
        }
        return best
    }

    /// The hand-written baseline's "transport": an async call returning the canned response.
    @inline(never)
    static func stubFetch(_ request: URLRequest, canned: HTTPResponse) async throws -> HTTPResponse {
        Measure.blackHole(request)
        return canned
    }

    // MARK: (b) loopback

    static func loopback() async {
        let server = MockWebServer()
        do { try server.start() } catch { print("  loopback: cannot start MockWebServer: \(error)"); return }
        defer { server.shutdown() }
        let response = MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: .data(body))
        server.dispatcher = { _ in response }

        let concurrency = LoopbackComparison.concurrency
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(retryPolicy: .never))

        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        let rawURL = server.url("/accounts/42")
        let courierSide = LoopbackComparison.Side { _ = try await client.send(GetAccount(id: 42)) }
        let rawSide = LoopbackComparison.Side { try await rawFetch(session, rawURL) }

        let passRatios = await LoopbackComparison.compare(courierSide, rawSide)
        Measure.report("loopback GETs, \(concurrency) in flight", courier: courierSide.throughput, baseline: rawSide.throughput, unit: "req/s")
        print("  \(passRatios.count) passes of \(LoopbackComparison.requestsPerPass) requests a side, each pass: "
            + passRatios.map { String(format: "%.2f×", $0) }.joined(separator: ", "))
        print("  CPU time per request (process, server included): courier \(Int(courierSide.cpuMicrosecondsPerRequest)) µs"
            + "   raw \(Int(rawSide.cpuMicrosecondsPerRequest)) µs")
        print("  goal: throughput ratio ≥ 0.95×   (the noise floor on this machine: courier-bench client-noise)")
    }

    /// Raw URLSession: completion-handler data task, status check, JSONDecoder.
    static func rawFetch(_ session: URLSession, _ url: URL) async throws {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { continuation.resume(throwing: error); return }
                guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                    continuation.resume(throwing: URLError(.badServerResponse)); return
                }
                continuation.resume(returning: data ?? Data())
            }.resume()
        }
        Measure.blackHole(try JSONDecoder().decode(Account.self, from: data))
    }
}

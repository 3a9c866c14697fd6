import Courier
import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `client`: the request pipeline over `StubTransport` against a hand-written URLRequest + JSONDecoder, and
/// 10,000 loopback requests against MockWebServer, Courier against raw URLSession.
enum ClientBenchmarks {
    static let suite = BenchmarkSuite(
        name: "client",
        summary: "NetworkClient pipeline vs hand-built URLRequest + JSONDecoder; loopback throughput vs raw URLSession"
    ) {
        await pipeline()
        await loopback()
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

    static func pipeline() async {
        let baseURL = URL(string: "https://api.example.com/v1")!
        let canned = HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: body)
        let stub = StubTransport(recording: false) { _ in canned }
        let client = NetworkClient(baseURL: baseURL, configuration: .init(
            headers: ["User-Agent": "courier-bench"], transport: stub))

        let iterations = 20_000
        let courier = await Measure.nanosecondsPerOp(iterations: iterations) {
            do { Measure.blackHole(try await client.send(GetAccount(id: 42))) } catch { fatalError("\(error)") }
        }

        let decoder = JSONDecoder()
        let baseline = await Measure.nanosecondsPerOp(iterations: iterations) {
            do {
                var request = URLRequest(url: baseURL.appendingPathComponent("accounts").appendingPathComponent(String(42)))
                request.httpMethod = "GET"
                request.setValue("application/json", forHTTPHeaderField: "Accept")
                request.setValue("courier-bench", forHTTPHeaderField: "User-Agent")
                let response = try await Self.stubFetch(request, canned: canned)
                guard (200..<300).contains(response.statusCode) else { fatalError("status") }
                Measure.blackHole(try decoder.decode(Account.self, from: response.body))
            } catch { fatalError("\(error)") }
        }
        let decodeOnly = Measure.nanosecondsPerOp(iterations: iterations) {
            do { Measure.blackHole(try decoder.decode(Account.self, from: body)) } catch { fatalError("\(error)") }
        }
        Measure.report("send over StubTransport", courier: courier, baseline: baseline)
        print("  (for scale: JSONDecoder alone on this body: \(String(format: "%.0f", decodeOnly)) ns)")
        print("  goal: ratio ≤ 1.30× and < 10,000 ns/request (\(String(format: "%.0f", courier)) ns)")
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

        let total = 10_000
        let rounds = 20
        let passes = 3
        let concurrency = 8
        let client = NetworkClient(baseURL: server.baseURL, configuration: .init(retryPolicy: .never))

        let session = URLSession(configuration: .default)
        defer { session.finishTasksAndInvalidate() }
        let rawURL = server.url("/accounts/42")
        let courierSide = Side { _ = try await client.send(GetAccount(id: 42)) }
        let rawSide = Side { try await rawFetch(session, rawURL) }

        // Warm up both. Then three passes of 10,000 requests a side, each pass 20 interleaved rounds of 500 with
        // the order swapped every round, so a slow moment of this shared machine lands on both sides instead of
        // on whichever ran then. A single pass of two identical raw clients measures 0.94–1.10× here, so the
        // figure quoted is the total over all three passes.
        for _ in 0..<2 {
            _ = await run(total: 1_000, concurrency: concurrency, courierSide.operation)
            _ = await run(total: 1_000, concurrency: concurrency, rawSide.operation)
        }
        var passRatios: [String] = []
        for _ in 0..<passes {
            let courierBefore = (courierSide.requests, courierSide.seconds)
            let rawBefore = (rawSide.requests, rawSide.seconds)
            for round in 0..<rounds {
                let order = round.isMultiple(of: 2) ? [courierSide, rawSide] : [rawSide, courierSide]
                for side in order { _ = await side.measure(total / rounds, concurrency: concurrency) }
            }
            let courierRate = Double(courierSide.requests - courierBefore.0) / (courierSide.seconds - courierBefore.1)
            let rawRate = Double(rawSide.requests - rawBefore.0) / (rawSide.seconds - rawBefore.1)
            passRatios.append(String(format: "%.2f×", courierRate / rawRate))
        }
        Measure.report("loopback GETs, \(concurrency) in flight", courier: courierSide.throughput, baseline: rawSide.throughput, unit: "req/s")
        print("  \(passes) passes of \(total) requests a side, each pass: \(passRatios.joined(separator: ", "))")
        print("  CPU time per request (process, server included): courier \(Int(courierSide.cpuMicrosecondsPerRequest)) µs"
            + "   raw \(Int(rawSide.cpuMicrosecondsPerRequest)) µs")
        print("  goal: throughput ratio ≥ 0.95×")
    }

    /// One side of the loopback comparison: its operation and the wall and CPU time it has used so far.
    final class Side: @unchecked Sendable {
        let operation: @Sendable () async throws -> Void
        private(set) var requests = 0
        private(set) var seconds = 0.0
        private(set) var cpuSeconds = 0.0

        init(_ operation: @escaping @Sendable () async throws -> Void) { self.operation = operation }

        /// Runs `count` requests and adds them to the totals; returns this batch's requests per second.
        func measure(_ count: Int, concurrency: Int) async -> Double {
            let cpuStart = Self.processCPUSeconds()
            let rate = await run(total: count, concurrency: concurrency, operation)
            cpuSeconds += Self.processCPUSeconds() - cpuStart
            requests += count
            seconds += Double(count) / rate
            return rate
        }

        var throughput: Double { Double(requests) / seconds }
        var cpuMicrosecondsPerRequest: Double { cpuSeconds / Double(max(requests, 1)) * 1e6 }

        static func processCPUSeconds() -> Double {
            var usage = rusage()
            #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
            #else
            getrusage(RUSAGE_SELF, &usage)
            #endif
            let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
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

    /// Runs `total` operations with `concurrency` in flight; returns operations per second.
    static func run(total: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var index = worker
                    while index < total {
                        do { try await operation() } catch { print("  request failed: \(error)") }
                        index += concurrency
                    }
                }
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Double(total) / seconds
    }
}

import CourierTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `client-noise`: the `client` suite's loopback measurement with raw URLSession on both sides, two sessions
/// doing identical work. Any ratio away from 1.00× is the machine's noise, the floor under `client`'s figure.
enum LoopbackNoiseBenchmarks {
    static let suite = BenchmarkSuite(
        name: "client-noise",
        summary: "the client loopback measurement with raw URLSession on both sides: this machine's noise floor"
    ) {
        let server = MockWebServer()
        do { try server.start() } catch { print("  cannot start MockWebServer: \(error)"); return }
        defer { server.shutdown() }
        let response = MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: .data(ClientBenchmarks.body))
        server.dispatcher = { _ in response }
        let url = server.url("/accounts/42")
        let first = URLSession(configuration: .default)
        let second = URLSession(configuration: .default)
        defer {
            first.finishTasksAndInvalidate()
            second.finishTasksAndInvalidate()
        }
        let a = LoopbackComparison.Side { try await ClientBenchmarks.rawFetch(first, url) }
        let b = LoopbackComparison.Side { try await ClientBenchmarks.rawFetch(second, url) }
        let ratios = await LoopbackComparison.compare(a, b)
        Measure.report("raw vs raw, \(LoopbackComparison.concurrency) in flight", courier: a.throughput, baseline: b.throughput, unit: "req/s")
        print("  each pass (\(LoopbackComparison.requestsPerPass) requests a side): "
            + ratios.map { String(format: "%.2f×", $0) }.joined(separator: ", ")
            + "   (identical clients: every ratio off 1.00× is noise)")
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import CourierTesting

/// Many requests from URLSession at high concurrency: none lost, each answered with its own response.
/// Sized to finish well inside its hang guards on a loaded 2-core machine under the thread sanitizer, with the
/// other suites running in parallel; `swift run -c release courier-bench mockserver` runs 10,000 and
/// reports time and memory.
@Suite("MockWebServer load", .loopback)
struct MockWebServerLoadTests {
    @Test func fiveHundredRequestsAtConcurrency32AreAllServed() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.dispatcher = { request in .text("reply \(request.queryValue("i") ?? "?")") }
        let total = 500
        let concurrency = 32
        let session = HTTPClient.session(maxConnections: concurrency)
        let urls = (0..<total).map { server.url("/load?i=\($0)") }

        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            var mismatches = 0
            func addNext() {
                let index = next
                let url = urls[index]
                next += 1
                group.addTask {
                    let (data, response) = try await HTTPClient.get(url, session: session)
                    let ok = response.statusCode == 200 && String(decoding: data, as: UTF8.self) == "reply \(index)"
                    return ok ? 0 : 1
                }
            }
            for _ in 0..<concurrency { addNext() }
            while let result = try await group.next() {
                mismatches += result
                if next < total { addNext() }
            }
            return mismatches
        }
        #expect(mismatches == 0)
        #expect(server.requestCount == total)
        let indices = Set(server.recordedRequests.compactMap { $0.queryValue("i").flatMap(Int.init) })
        #expect(indices == Set(0..<total))
        #expect(server.malformedRequests.isEmpty)
    }
}

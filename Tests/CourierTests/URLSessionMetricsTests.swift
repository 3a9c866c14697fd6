@testable import Courier
import CourierHTTP
import Foundation
import Testing

/// How URLSession's task metrics become `TransferMetrics` (what `response.metrics` reports on Apple platforms,
/// where URLSession collects them; on Linux it never does). The mapping of the phases is checked here, on
/// every platform; the delegate callback that feeds it runs only where URLSession calls it.
@Suite struct URLSessionMetricsTests {
    let url = URL(string: "https://example.com/a")!

    @Test func eachPhaseIsTheTimeFromTheFetchStartToItsEnd() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let metrics = TransferMetrics(url: url, start: start, phaseEnds: .init(
            domainLookup: start + 0.001, connect: start + 0.003, secureConnection: start + 0.010,
            requestSent: start + 0.011, firstByte: start + 0.020, complete: start + 0.025))
        #expect(metrics.domainLookup == .milliseconds(1))
        #expect(metrics.connect == .milliseconds(3))
        #expect(metrics.secureConnection == .milliseconds(10))
        #expect(metrics.requestSent == .milliseconds(11))
        #expect(metrics.firstByte == .milliseconds(20))
        #expect(metrics.complete == .milliseconds(25))
        #expect(metrics.url == url)
        #expect(!metrics.failed && !metrics.reusedConnection)
    }

    @Test func phasesAMetricsReportLeftOutStayUnknownAndNoneIsNegative() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        // A reused connection: no lookup, connect or handshake; a clock that stepped back reads as zero.
        let metrics = TransferMetrics(url: url, start: start, phaseEnds: .init(
            requestSent: start - 0.5, firstByte: start + 0.002, complete: start + 0.004))
        #expect(metrics.domainLookup == nil && metrics.connect == nil && metrics.secureConnection == nil)
        #expect(metrics.requestSent == .zero)
        #expect(metrics.firstByte == .milliseconds(2))
        #expect(metrics.complete == .milliseconds(4))
    }
}

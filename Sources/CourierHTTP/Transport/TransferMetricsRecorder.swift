/// Where a transport leaves what it learns only as a transfer ends, for the response: its `TransferMetrics`
/// (`HTTPResponse.metrics`) and the trailer fields after the body (`HTTPResponse.trailers`). Written by the
/// transport's I/O thread, read by the caller after it has read the body. Copies share the one recorded value.
package struct TransferMetricsRecorder: Sendable {
    private struct Recorded {
        var metrics: TransferMetrics?
        var trailers: HTTPHeaders?
    }

    private let state = LockedState(Recorded())

    /// Creates an empty recorder.
    package init() {}

    /// The metrics, once the transfer has ended (`nil` before).
    package var metrics: TransferMetrics? { state.withLock { $0.metrics } }

    /// The trailer fields, once they arrived (`nil` before, and when the response has none).
    package var trailers: HTTPHeaders? { state.withLock { $0.trailers } }

    /// Records the final metrics.
    package func record(_ metrics: TransferMetrics) {
        state.withLock { $0.metrics = metrics }
    }

    /// Records the trailer fields (a chunked HTTP/1.1 body's trailer section, HTTP/2's trailing HEADERS).
    package func record(trailers: HTTPHeaders) {
        state.withLock { $0.trailers = trailers }
    }
}

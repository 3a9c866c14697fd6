/// Where a transport leaves a request's `TransferMetrics` for the response (`HTTPResponse.metrics`): written by
/// the transport's I/O thread when the transfer ends, read by the caller after it has read the body. Copies share
/// the one recorded value.
package struct TransferMetricsRecorder: Sendable {
    private let state = LockedState<TransferMetrics?>(nil)

    /// Creates an empty recorder.
    package init() {}

    /// The metrics, once the transfer has ended (`nil` before).
    package var metrics: TransferMetrics? { state.withLock { $0 } }

    /// Records the final metrics.
    package func record(_ metrics: TransferMetrics) {
        state.withLock { $0 = metrics }
    }
}

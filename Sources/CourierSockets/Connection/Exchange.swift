#if os(Linux)
import CourierHTTP
import Foundation

/// One request and its response on a connection, in terms every protocol shares: what the request is, who
/// waits for the head, where the body goes, the metrics, cancellation. How it goes on the wire (HTTP/1.1
/// framing, `100 Continue`) is the connection's. Created by `SocketTransport`, then owned by the connection's
/// loop thread.
///
/// `@unchecked Sendable` is safe: after `SocketTransport` hands it to the loop (through `EventLoop.execute`,
/// which orders the hand-over), every field is read and written only on that loop's thread.
final class Exchange: @unchecked Sendable {
    /// The request's method, target, authority and header fields.
    let request: PreparedRequest
    /// The request body, if any.
    let body: HTTPBody?
    /// Whether the request is `HEAD` (its response has no body).
    let isHEAD: Bool
    /// Whether a failure before any response byte may be retried on a fresh connection.
    let isIdempotent: Bool
    /// Whether the transport asked for compression (and so decodes `Content-Encoding`).
    let decodesContent: Bool
    /// The inactivity time-out, in nanoseconds.
    let timeout: UInt64
    /// The moment the whole exchange must be over by (monotonic nanoseconds), if limited.
    let requestDeadline: UInt64?
    /// The most decoded body bytes the client accepts (a buffered body's limit), to stop a decompression early.
    let maximumDecodedBytes: Int?
    /// The URL, for the response.
    let location: RequestURL
    /// Hears of body bytes sent.
    let uploadProgress: (@Sendable (TransferProgress) -> Void)?

    /// Resumed with the response head (and a streaming body), or the failure.
    var headContinuation: CheckedContinuation<HTTPResponse, any Error>?
    /// The body's receive buffer, once the head has arrived.
    var stream: ResponseBodyStream?
    /// Decodes `Content-Encoding`, when the response is compressed.
    var decoder: ContentDecoder?
    /// The WebSocket this request opens, when it is an Upgrade (a `101` then ends it).
    var upgrade: WebSocketUpgrade?
    /// Set when the caller cancelled (possibly before the exchange started).
    var cancelled = false
    /// Whether any response byte arrived (a failure after that is never retried).
    var receivedResponseBytes = false
    /// Whether the request has been fully written.
    var requestSent = false
    /// Body bytes written so far.
    var bodyBytesSent: Int64 = 0
    /// Body bytes last reported to `uploadProgress`.
    var bodyBytesReported: Int64 = 0
    /// Response body bytes received (before decoding).
    var bodyBytesReceived: Int64 = 0
    /// When the transport got the request (monotonic nanoseconds).
    let start: UInt64
    /// The timings so far.
    var metrics: TransferMetrics
    /// Where the final metrics go for the response (`HTTPResponse.metrics`).
    let metricsRecorder = TransferMetricsRecorder()

    init(
        _ prepared: PreparedRequest, request: HTTPRequest, requestTimeout: Duration?, metrics: TransferMetrics,
        start: UInt64
    ) {
        self.start = start
        self.request = prepared
        self.body = request.body
        self.isHEAD = request.method == .head
        self.isIdempotent = request.method.isIdempotent
        self.decodesContent = prepared.decodesContent
        self.timeout = MonotonicClock.nanoseconds(request.timeout)
        self.requestDeadline = requestTimeout.map { MonotonicClock.now() + MonotonicClock.nanoseconds($0) }
        self.location = request.location
        self.maximumDecodedBytes = request.responseBodyMode.bufferLimit
        self.uploadProgress = request.uploadProgress
        self.metrics = metrics
    }

    deinit {
        // Never leave a caller suspended: an exchange dropped without an answer fails its request.
        headContinuation?.resume(throwing: NetworkError.transport(TransportFailure(
            kind: .other, message: "the request to \(location.string) ended without a response")))
    }

    /// The body length, when known (for progress and framing).
    var bodyLength: Int64? { request.bodyLength }

    /// Whether the body waits for a `100 Continue` (`Expect: 100-continue`), or a final response, before it is
    /// sent: at most `continueWait`, then it goes anyway (RFC 9110 §10.1.1). Over every protocol.
    var expectsContinue: Bool { body != nil && request.headers["Expect"]?.lowercased() == "100-continue" }

    /// How long a body waits for `100 Continue`, in nanoseconds.
    static let continueWait: UInt64 = 1_000_000_000

    /// Records the connection's part of the metrics: whether it was `reused`, its address, the protocol it
    /// speaks (`protocolName`, as ALPN names it), and for a new one the phases of opening it (counted from when
    /// this request came).
    func recordConnection(_ stream: ByteStreamConnection, reused: Bool, protocolName: String) {
        if let timings = stream.connectTimings, !reused {
            if timings.resolved > timings.start { metrics.domainLookup = elapsed(at: timings.resolved) }
            metrics.connect = elapsed(at: timings.connected)
            metrics.secureConnection = timings.secured.map { elapsed(at: $0) }
        }
        metrics.reusedConnection = reused
        metrics.remoteAddress = stream.remoteAddress
        metrics.networkProtocolName = protocolName
    }

    /// Reports the body bytes sent since the last report to `uploadProgress`.
    func reportUploadProgress() {
        guard let uploadProgress, body != nil, bodyBytesSent > bodyBytesReported else { return }
        bodyBytesReported = bodyBytesSent
        uploadProgress(TransferProgress(completedBytes: bodyBytesSent, totalBytes: bodyLength))
    }

    /// The time-out failure: the whole request's limit passed (`whole`), or nothing came from `key` for `timeout`.
    func timeoutFailure(whole: Bool, from key: PoolKey) -> NetworkError {
        NetworkError.transport(TransportFailure(
            kind: .timedOut,
            message: whole
                ? "the request to \(location.string) took longer than its time limit"
                : "no data from \(key) for \(ByteStreamConnection.describe(nanoseconds: timeout))"))
    }

    /// The time since `start`.
    func elapsed(at now: UInt64 = MonotonicClock.now()) -> Duration {
        .nanoseconds(Int64(bitPattern: now &- start))
    }
}
#endif

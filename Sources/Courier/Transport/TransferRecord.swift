import CourierHTTP
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bookkeeping of one URLSession task: where its head goes, the stream its body goes to, and what went wrong.
///
/// Only touched under `SessionDelegate`'s registry lock.
final class TransferRecord {
    /// Resumed once, with the response head (and its body stream) or the failure; `nil` after.
    var head: HeadHandoff?
    /// The body's stream, from the response on.
    var stream: ResponseBodyStream?
    let uploadProgress: (@Sendable (TransferProgress) -> Void)?
    /// The expected upload length, used when URLSession reports it as unknown.
    let uploadLength: Int64?
    /// A spooled upload file to delete when the task ends.
    let temporaryFile: URL?

    /// Which upload progress events are sent.
    var throttle = ProgressThrottle()
    /// An HTTP auth challenge was declined: the task's cancellation stands for the `401` response.
    var declinedChallenge = false
    /// A WebSocket task (Apple platforms): its head comes when it opens, and a refusal (an HTTP response, which
    /// URLSession reports as a failure) is delivered as that response.
    var isWebSocket = false
    /// What URLSession collected (Apple platforms), until the task ends.
    var collectedMetrics: URLSessionTaskMetrics?
    /// Where the response's metrics go when the task ends (`HTTPResponse.metrics`).
    let metricsRecorder = TransferMetricsRecorder()

    init(
        head: HeadHandoff,
        uploadProgress: (@Sendable (TransferProgress) -> Void)?,
        uploadLength: Int64?,
        temporaryFile: URL?
    ) {
        self.head = head
        self.uploadProgress = uploadProgress
        self.uploadLength = uploadLength
        self.temporaryFile = temporaryFile
    }

    /// Takes the head continuation, so that it is resumed exactly once.
    func takeHead() -> HeadHandoff? {
        defer { head = nil }
        return head
    }
}

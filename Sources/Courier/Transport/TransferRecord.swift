import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bookkeeping of one URLSession task: where its result goes, what arrived so far, and what went wrong.
///
/// Only touched under `SessionDelegate`'s registry lock.
final class TransferRecord {
    let continuation: CheckedContinuation<HTTPResponse, any Error>
    let maximumResponseSize: Int?
    let maximumRedirects: Int
    let progress: (@Sendable (TransferProgress) -> Void)?
    /// Where a download's file goes.
    let destination: URL?
    /// The expected upload length, used when URLSession reports it as unknown.
    let uploadLength: Int64?
    /// A spooled upload file to delete when the task ends.
    let temporaryFile: URL?

    var body = Data()
    /// The byte count of the last progress event, to report at most every `progressStep` bytes.
    var reportedBytes: Int64 = -1
    /// The latest byte count and total URLSession reported, sent as a final event if it was skipped.
    var seenBytes: Int64 = -1
    var seenTotal: Int64?
    /// Report progress at least this many bytes apart (plus the first and the last event).
    static let progressStep: Int64 = 128 * 1024

    /// Whether a progress event for `completed` of `total` bytes should be sent now (and records it).
    func shouldReport(_ completed: Int64, of total: Int64?) -> Bool {
        guard progress != nil else { return false }
        seenBytes = completed
        seenTotal = total
        let isLast = total.map { completed >= $0 } ?? false
        guard reportedBytes < 0 || isLast || completed - reportedBytes >= Self.progressStep else { return false }
        reportedBytes = completed
        return true
    }
    var redirects = 0
    /// A download's open file, from its response on.
    var file: DownloadFile?
    /// A download's expected body length, when the response declares one.
    var expectedFileBytes: Int64?
    /// An HTTP auth challenge was declined: the task's cancellation stands for the `401` response.
    var declinedChallenge = false
    /// A failure detected by Courier (size limit, file system), reported instead of URLSession's error.
    var failure: NetworkError?

    init(
        continuation: CheckedContinuation<HTTPResponse, any Error>,
        maximumResponseSize: Int?,
        maximumRedirects: Int,
        progress: (@Sendable (TransferProgress) -> Void)?,
        destination: URL?,
        uploadLength: Int64?,
        temporaryFile: URL?
    ) {
        self.continuation = continuation
        self.maximumResponseSize = maximumResponseSize
        self.maximumRedirects = maximumRedirects
        self.progress = progress
        self.destination = destination
        self.uploadLength = uploadLength
        self.temporaryFile = temporaryFile
    }
}

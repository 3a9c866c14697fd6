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
    var redirects = 0
    var downloaded = false
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

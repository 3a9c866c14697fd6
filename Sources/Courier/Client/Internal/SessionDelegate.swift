import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of `URLSessionTransport`: answers auth challenges, follows redirects up to a
/// cap, enforces the response size limit, reports progress, moves downloads out of the temporary directory,
/// and resumes each task's continuation exactly once.
///
/// Session-level callbacks are used throughout because per-task delegates are never called on Linux.
/// `@unchecked Sendable` is safe: the only mutable state is `records`, a `LockedState`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    private let records = LockedState<[Int: TransferRecord]>([:])

    /// Registers the record of a task before the task is resumed.
    func register(_ record: TransferRecord, for task: URLSessionTask) {
        records.withLock { $0[task.taskIdentifier] = record }
    }

    private func withRecord<Result>(_ task: URLSessionTask, _ body: (TransferRecord) -> Result) -> Result? {
        records.withLock { records in records[task.taskIdentifier].map(body) }
    }

    // MARK: Authentication

    /// Session-wide challenges (server trust, client certificates) get the system's default handling.
    func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.performDefaultHandling, nil)
    }

    /// An HTTP auth challenge (`401` with `WWW-Authenticate: Basic …`) is answered with the request's credential
    /// when it has one; otherwise the `401` itself is delivered as the response.
    ///
    /// On Linux, URLSession raises the challenge *instead of* completing the task, and every disposition except
    /// `.useCredential` either waits forever (`.performDefaultHandling` without a stored credential) or cancels
    /// the task. The response and its body have already been delivered to this delegate by then, so the
    /// challenge is cancelled and the cancellation turned back into the recorded `401`.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        if challenge.previousFailureCount == 0, let credential = challenge.proposedCredential, credential.hasPassword {
            completionHandler(.useCredential, credential)
            return
        }
        #if canImport(FoundationNetworking)
        withRecord(task) { $0.declinedChallenge = true }
        completionHandler(.cancelAuthenticationChallenge, nil)
        #else
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    /// The challenges answered by an `Authorization` header (as opposed to TLS trust or client certificates).
    private static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodHTMLForm, NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    // MARK: Redirects

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let follow = withRecord(task) { record -> Bool in
            record.redirects += 1
            return record.redirects <= record.maximumRedirects
        } ?? true
        completionHandler(follow ? request : nil)
    }

    // MARK: Data

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let allow = withRecord(dataTask) { record -> Bool in
            if let limit = record.maximumResponseSize, response.expectedContentLength > Int64(limit) {
                record.failure = Self.tooLarge(limit)
                return false
            }
            return true
        } ?? true
        completionHandler(allow ? .allow : .cancel)
        // swift-corelibs-foundation ignores the disposition: stop the transfer here, not after the whole body.
        if !allow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = withRecord(dataTask) { record -> Bool in
            guard record.failure == nil else { return false }
            if let limit = record.maximumResponseSize, record.body.count + data.count > limit {
                record.failure = Self.tooLarge(limit)
                record.body = Data()
                return true
            }
            if record.body.isEmpty {
                // Usually the whole body: keep URLSession's buffer instead of copying it.
                record.body = data
            } else {
                record.body.append(data)
            }
            return false
        } ?? false
        if overLimit { dataTask.cancel() }
    }

    private static func tooLarge(_ limit: Int) -> NetworkError {
        .transport(TransportFailure(kind: .responseTooLarge, message: "the response body exceeds the limit of \(limit) bytes"))
    }

    // MARK: Progress

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = withRecord(task) { record -> ((@Sendable (TransferProgress) -> Void), Int64?)? in
            let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : record.uploadLength
            guard let progress = record.progress, record.shouldReport(totalBytesSent, of: total) else { return nil }
            return (progress, total)
        } ?? nil
        if let (report, total) = progress {
            report(TransferProgress(completedBytes: totalBytesSent, totalBytes: total))
        }
    }

    func urlSession(
        _ session: URLSession,
        downloadTask: URLSessionDownloadTask,
        didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64,
        totalBytesExpectedToWrite: Int64
    ) {
        let total = totalBytesExpectedToWrite > 0 ? totalBytesExpectedToWrite : nil
        let progress = withRecord(downloadTask) { record -> (@Sendable (TransferProgress) -> Void)? in
            record.shouldReport(totalBytesWritten, of: total) ? record.progress : nil
        } ?? nil
        progress?(TransferProgress(completedBytes: totalBytesWritten, totalBytes: total))
    }

    // MARK: Downloads

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let destination = withRecord(downloadTask, { $0.destination }) ?? nil else { return }
        // The file at `location` is deleted when this method returns: move it now.
        let failure: NetworkError?
        do {
            let manager = FileManager.default
            try manager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: destination.path, isDirectory: &isDirectory) {
                // Replace a file, never a directory (removeItem would delete it with everything inside).
                guard !isDirectory.boolValue else { throw CocoaError(.fileWriteFileExists) }
                try manager.removeItem(at: destination)
            }
            try manager.moveItem(at: location, to: destination)
            failure = nil
        } catch {
            failure = .transport(TransportFailure(
                kind: .fileSystem, message: "cannot move the download to \(destination.path): \(error.localizedDescription)"))
        }
        withRecord(downloadTask) { record in
            record.downloaded = failure == nil
            if record.failure == nil { record.failure = failure }
        }
    }

    // MARK: Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let temporaryFile = record.temporaryFile {
            try? FileManager.default.removeItem(at: temporaryFile)
        }
        if let failure = record.failure {
            if record.downloaded, let destination = record.destination {
                try? FileManager.default.removeItem(at: destination)
            }
            record.continuation.resume(throwing: failure)
            return
        }
        if let error, !(record.declinedChallenge && task.response is HTTPURLResponse) {
            record.continuation.resume(throwing: NetworkError.from(error))
            return
        }
        if let progress = record.progress, record.seenBytes > record.reportedBytes {
            progress(TransferProgress(completedBytes: record.seenBytes, totalBytes: record.seenTotal))
        }
        guard let response = task.response as? HTTPURLResponse else {
            record.continuation.resume(throwing: NetworkError.transport(TransportFailure(
                kind: .badServerResponse, message: "the server's reply is not an HTTP response")))
            return
        }
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            headers.add(name: name as? String ?? String(describing: name), value: value as? String ?? String(describing: value))
        }
        var fileURL: URL?
        if let destination = record.destination {
            if !record.downloaded {
                // An empty body may not produce a file: create an empty one so the result is uniform.
                _ = FileManager.default.createFile(atPath: destination.path, contents: Data())
            }
            fileURL = destination
        }
        record.continuation.resume(returning: HTTPResponse(
            statusCode: response.statusCode,
            headers: headers,
            body: record.body,
            fileURL: fileURL,
            url: response.url ?? task.currentRequest?.url))
    }
}

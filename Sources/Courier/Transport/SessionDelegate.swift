import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of `URLSessionTransport`: answers auth challenges, follows redirects up to a
/// cap, enforces the response size limit, reports progress, streams download bodies into their file, and
/// resumes each task's continuation exactly once.
///
/// Session-level callbacks are used throughout because per-task delegates are never called on Linux.
/// `@unchecked Sendable` is safe: the only mutable state is `records`, a `LockedState`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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
            let answer = Unchecked((completionHandler, credential))
            Self.offDelegateQueue { answer.value.0(.useCredential, answer.value.1) }
            return
        }
        #if canImport(FoundationNetworking)
        withRecord(task) { $0.declinedChallenge = true }
        let answer = Unchecked(completionHandler)
        Self.offDelegateQueue { answer.value(.cancelAuthenticationChallenge, nil) }
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
            if let destination = record.destination {
                // A download: its body goes to the file from the first byte (a repeated response starts it over).
                record.file?.close(keep: false)
                record.file = nil
                record.expectedFileBytes = response.expectedContentLength >= 0 ? response.expectedContentLength : nil
                do throws(NetworkError) {
                    record.file = try DownloadFile(creatingAt: destination)
                } catch {
                    record.failure = error
                    return false
                }
                return true
            }
            if let limit = record.maximumResponseSize, response.expectedContentLength > Int64(limit) {
                record.failure = Self.tooLarge(limit)
                return false
            }
            return true
        } ?? true
        completionHandler(allow ? .allow : .cancel)
        // swift-corelibs-foundation ignores the disposition: stop the transfer here, not after the whole body.
        if !allow { Self.cancel(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var report: (@Sendable (TransferProgress) -> Void, TransferProgress)?
        let stop = withRecord(dataTask) { record -> Bool in
            guard record.failure == nil else { return false }
            if let file = record.file {
                do throws(NetworkError) {
                    try file.write(data)
                } catch {
                    record.failure = error
                    return true
                }
                if let progress = record.progress, record.shouldReport(file.writtenBytes, of: record.expectedFileBytes) {
                    report = (progress, TransferProgress(completedBytes: file.writtenBytes, totalBytes: record.expectedFileBytes))
                }
                return false
            }
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
        if let (progress, event) = report { progress(event) }
        if stop { Self.cancel(dataTask) }
    }

    // MARK: Calling back into URLSession

    /// Cancels `task` from off the delegate queue.
    private static func cancel(_ task: URLSessionTask) {
        let task = Unchecked(task)
        offDelegateQueue { task.value.cancel() }
    }

    /// Runs `work` on another thread. On Linux, `URLSessionTask.cancel()` and the answer to an auth challenge wait
    /// for URLSession's work thread, which may be waiting for room on this delegate's queue
    /// (`SerialDelegateQueue`): delegate callbacks never make that call themselves.
    private static func offDelegateQueue(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: work)
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
            // A download's progress counts the body it receives, not the request body it sends.
            guard record.destination == nil else { return nil }
            let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : record.uploadLength
            guard let progress = record.progress, record.shouldReport(totalBytesSent, of: total) else { return nil }
            return (progress, total)
        } ?? nil
        if let (report, total) = progress {
            report(TransferProgress(completedBytes: totalBytesSent, totalBytes: total))
        }
    }

    // MARK: Completion

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let temporaryFile = record.temporaryFile {
            try? FileManager.default.removeItem(at: temporaryFile)
        }
        let answered = task.response is HTTPURLResponse
        let succeeded = record.failure == nil && answered && (error == nil || record.declinedChallenge)
        // A download that failed or was cancelled leaves no partial file behind.
        record.file?.close(keep: succeeded)
        if let failure = record.failure {
            record.continuation.resume(throwing: failure)
            return
        }
        if let error, !(record.declinedChallenge && answered) {
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
            if record.file == nil {
                // No response callback came (so no file was created): an empty body, as an empty file.
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

import CourierHTTP
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of `URLSessionTransport`: answers auth challenges, returns redirects unfollowed
/// (the client's `RedirectInterceptor` follows them), reports upload progress, hands each task's head to its
/// caller and streams its body into a `ResponseBodyStream`.
///
/// Session-level callbacks are used throughout because per-task delegates are never called on Linux.
/// `@unchecked Sendable` is safe: the only mutable state is `records`, a `LockedState`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let records = LockedState<[Int: TransferRecord]>([:])

    /// Registers the record of a task before the task is resumed.
    func register(_ record: TransferRecord, for task: URLSessionTask) {
        records.withLock { $0[task.taskIdentifier] = record }
    }

    func withRecord<Result>(_ task: URLSessionTask, _ body: (TransferRecord) -> Result) -> Result? {
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
    /// challenge is cancelled and the cancellation turned back into the end of the `401`'s body.
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
            self.offDelegateQueue { answer.value.0(.useCredential, answer.value.1) }
            return
        }
        #if canImport(FoundationNetworking)
        withRecord(task) { $0.declinedChallenge = true }
        let answer = Unchecked(completionHandler)
        self.offDelegateQueue { answer.value(.cancelAuthenticationChallenge, nil) }
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

    /// Never follows: the redirect response comes back as the task's response, for `RedirectInterceptor`.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    // MARK: Data

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
        guard let http = response as? HTTPURLResponse else { return }
        let task = Unchecked(dataTask)
        #if canImport(FoundationNetworking)
        // On Linux the transfer is never paused: swift-corelibs-foundation restarts a suspended transfer from its
        // response on `resume()`, and holding this queue instead would stall every URLSession in the process
        // (their work queues share one thread, which waits for this queue) and, through corelibs' own async
        // APIs, the cooperative pool the reader needs. The body is read ahead as fast as it arrives: over this
        // transport on Linux, a reader slower than the network costs memory (SocketTransport will pause instead).
        let stream = ResponseBodyStream(onCancel: { self.offDelegateQueue { task.value.cancel() } })
        #else
        let stream = ResponseBodyStream(
            pause: { self.offDelegateQueue { task.value.suspend() } },
            resume: { self.offDelegateQueue { task.value.resume() } },
            onCancel: { self.offDelegateQueue { task.value.cancel() } })
        #endif
        let taken = withRecord(dataTask) { record -> (HeadHandoff, TransferMetricsRecorder)? in
            // A repeated response (after an auth retry, say) replaces the body that came before it.
            record.stream?.finish(.transport(TransportFailure(kind: .connectionLost, message: "the response was replaced")))
            record.stream = stream
            return record.takeHead().map { ($0, record.metricsRecorder) }
        } ?? nil
        guard let (head, recorder) = taken else { return }
        var answer = HTTPResponse(
            statusCode: http.statusCode, headers: Self.headers(of: http), body: ResponseBody(stream),
            url: http.url ?? dataTask.currentRequest?.url)
        answer.metricsRecorder = recorder
        head.resume(returning: answer)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let stream = withRecord(dataTask, { $0.stream }) ?? nil else { return }
        stream.push(data)   // on Apple platforms, a `false` here has already suspended the task
    }

    /// The response's fields. URLSession joins repeated fields into one value with ", "; `Set-Cookie` fields, each
    /// one cookie, are split apart again (`SetCookie.split`), the one place that is done.
    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            let name = name as? String ?? String(describing: name)
            let value = value as? String ?? String(describing: value)
            if name.caseInsensitiveCompare("Set-Cookie") == .orderedSame {
                for field in SetCookie.split(value) { headers.add(name: name, value: field) }
            } else {
                headers.add(name: name, value: value)
            }
        }
        return headers
    }

    // MARK: Calling back into URLSession

    /// Runs `work` on `calls`. On Linux, `URLSessionTask.cancel()`, `suspend()`, `resume()` and the answer to
    /// an auth challenge wait for URLSession's work thread, which may be waiting for room on this delegate's queue
    /// (`SerialDelegateQueue`): delegate callbacks never make that call themselves.
    func offDelegateQueue(_ work: @escaping @Sendable () -> Void) {
        calls.async(execute: work)
    }

    /// Where every call into this session that may wait for URLSession's work thread runs: a serial queue of the
    /// transport's own, which libdispatch serves from its overcommitting pool. Neither the global concurrent queue
    /// nor the cooperative pool may block there (both are as wide as the machine, and the body readers need them),
    /// and one per session keeps a slow session from delaying another's calls.
    let calls = DispatchQueue(label: "Courier.URLSessionTransport.calls")

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
            guard let progress = record.uploadProgress, record.throttle.shouldReport(totalBytesSent, of: total) else { return nil }
            return (progress, total)
        } ?? nil
        if let (report, total) = progress {
            report(TransferProgress(completedBytes: totalBytesSent, totalBytes: total))
        }
    }

    // MARK: Completion

    /// Kept until the task ends (this comes first), when the response's metrics are recorded from it.
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        _ = withRecord(task) { $0.collectedMetrics = metrics }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let record = records.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let collected = record.collectedMetrics, let url = task.originalRequest?.url,
           let metrics = TransferMetrics(collected, url: url, failed: error != nil) {
            record.metricsRecorder.record(metrics)
        }
        if let temporaryFile = record.temporaryFile {
            try? FileManager.default.removeItem(at: temporaryFile)
        }
        if let progress = record.uploadProgress, let final = record.throttle.unsentFinal {
            progress(final)
        }
        let answered = task.response is HTTPURLResponse
        // A declined challenge's cancellation, and a refused WebSocket handshake, stand for the response they got.
        let failure: NetworkError? = if let error, !((record.declinedChallenge || record.isWebSocket) && answered) { NetworkError.from(error) } else { nil }
        if let head = record.takeHead() {
            // No response callback came: the failure, or a response without a body.
            if let failure { return head.resume(throwing: failure) }
            guard let response = task.response as? HTTPURLResponse else {
                return head.resume(throwing: NetworkError.transport(TransportFailure(
                    kind: .badServerResponse, message: "the server's reply is not an HTTP response")))
            }
            var answer = HTTPResponse(
                statusCode: response.statusCode, headers: Self.headers(of: response), body: Data(),
                url: response.url ?? task.currentRequest?.url)
            answer.metricsRecorder = record.metricsRecorder
            head.resume(returning: answer)
            return
        }
        record.stream?.finish(failure)
    }
}

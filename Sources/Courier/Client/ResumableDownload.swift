import CourierHTTP
import Foundation

/// Streams a download's body into its staging file and, when the body breaks off, continues it where it stopped:
/// the next request asks for `Range: bytes=<written>-` with `If-Range` set to the response's validator (a strong
/// `ETag`, else `Last-Modified`). A `206` whose `Content-Range` starts at the bytes on disk is appended; any other
/// success (the representation changed, or the server ignores ranges) starts the file over. Progress continues
/// from the bytes already written.
///
/// Resumed: `GET` requests whose response has a validator and does not say `Accept-Ranges: none`, after a lost
/// connection or a timeout mid-body (`RetryPolicy.isTransient`), as often as `request.retryPolicy.maxAttempts`
/// allows in all, at once: the bytes were flowing. Each resumed request passes the stack's retry like any other.
struct ResumableDownload {
    let request: HTTPRequest
    let send: (HTTPRequest) async throws -> HTTPResponse
    let progress: @Sendable (TransferProgress) -> Void

    /// Writes the whole body into `staging`; returns the head of the response the file's bytes began with. On
    /// failure the staging file is removed.
    func run(into staging: URL) async throws -> HTTPResponse {
        let file = try DownloadFile(creatingAt: staging)
        do {
            let head = try await transfer(into: file)
            file.close(keep: true)
            return head
        } catch {
            file.close(keep: false)
            throw error
        }
    }

    private func transfer(into file: DownloadFile) async throws -> HTTPResponse {
        var attempt = 1
        var next = request
        var head: HTTPResponse?
        var throttle = ProgressThrottle()
        while true {
            let response = try await send(next)
            var total = response.expectedContentLength
            let resuming = next.headers.contains("If-Range")
            if resuming, response.statusCode == 206, let range = Self.contentRange(response.headers), range.first == file.writtenBytes {
                total = range.total
            } else {
                if file.writtenBytes > 0 { try file.truncate() }
                head = response
                throttle = ProgressThrottle()
            }
            do {
                for try await chunk in response.body {
                    try file.write(chunk)
                    if throttle.shouldReport(file.writtenBytes, of: total) {
                        progress(TransferProgress(completedBytes: file.writtenBytes, totalBytes: total))
                    }
                }
                if let final = throttle.unsentFinal { progress(final) }
                return head ?? response
            } catch let error as NetworkError {
                response.body.discard()
                guard attempt < request.retryPolicy.maxAttempts, RetryPolicy.isTransient(error), request.method == .get,
                      let validator = Self.validator(of: head ?? response), file.writtenBytes > 0
                else { throw error }
                attempt += 1
                next = request
                next.headers = next.headers.merging(DefaultHeadersInterceptor.resumeFields(from: file.writtenBytes, validator: validator))
            }
        }
    }

    /// What `If-Range` may carry for `response`: a strong `ETag`, else `Last-Modified`; `nil` when neither, or when
    /// the server said it does not serve ranges.
    static func validator(of response: HTTPResponse) -> String? {
        if response.headers["Accept-Ranges"]?.lowercased() == "none" { return nil }
        if let etag = response.headers["ETag"], !etag.hasPrefix("W/") { return etag }
        return response.headers["Last-Modified"]
    }

    /// `Content-Range: bytes first-last/total` (total may be `*`).
    static func contentRange(_ headers: HTTPHeaders) -> (first: Int64, total: Int64?)? {
        guard let value = headers["Content-Range"]?.trimmingCharacters(in: .whitespaces), value.hasPrefix("bytes ") else { return nil }
        let parts = value.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let dash = parts[0].firstIndex(of: "-"), let first = Int64(parts[0][..<dash]) else { return nil }
        return (first, Int64(parts[1]))
    }
}

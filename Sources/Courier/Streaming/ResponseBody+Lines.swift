import CourierHTTP
import Foundation

extension ResponseBody {
    /// The body as lines of UTF-8 text, as they arrive: split at LF or CRLF (the line ends are not included); a
    /// last line without a line end is included. Invalid UTF-8 is replaced with U+FFFD.
    ///
    /// ```swift
    /// let response = try await client.stream(.get("/logs/tail"))
    /// for try await line in response.body.lines { print(line) }
    /// ```
    public var lines: AsyncThrowingStream<String, any Error> {
        let body = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                var splitter = LineSplitter(crEndsLine: false)
                do {
                    for try await chunk in body {
                        for line in splitter.split(chunk) { continuation.yield(String(decoding: line, as: UTF8.self)) }
                    }
                    if let last = splitter.finish() { continuation.yield(String(decoding: last, as: UTF8.self)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in
                task.cancel()
                body.discard()
            }
        }
    }
}

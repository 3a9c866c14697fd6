import CourierHTTP
import Foundation

extension ResponseBody {
    /// The body as lines of UTF-8 text, as they arrive: split at LF or CRLF (the line ends are not included); a
    /// last line without a line end is included. Invalid UTF-8 is replaced with U+FFFD.
    ///
    /// Lines are read as the loop asks for them, with no task or buffer in between: a loop that stops reading stops
    /// the transfer reading (over `SocketTransport`, the socket reads), so memory stays bounded by the longest line
    /// however long the body is. A line over 16 MiB (the default `Configuration.maximumLineSize`; choose another
    /// with `lines(maximumLineSize:)`) throws `NetworkError.transport` with `.responseTooLarge`, so a line end that
    /// never comes cannot grow memory without bound. Breaking out of the loop discards the rest of the body and
    /// frees the connection.
    ///
    /// ```swift
    /// let response = try await client.stream(.get("/logs/tail"))
    /// for try await line in response.body.lines { print(line) }
    /// ```
    public var lines: Lines {
        Lines(body: self, limit: NetworkClient.Configuration.standardMaximumLineSize)
    }

    /// `lines` with its own cap on one line, in bytes without the line end (`nil`: no cap, for a trusted server
    /// only): the body of `client.stream(_:)` does not know its client's `Configuration.maximumLineSize`.
    public func lines(maximumLineSize: Int?) -> Lines {
        Lines(body: self, limit: maximumLineSize)
    }

    /// The lines of a body (see `ResponseBody.lines`).
    public struct Lines: AsyncSequence, Sendable {
        public typealias Element = String

        let body: ResponseBody
        /// The longest line accepted, in bytes; `nil` for no limit.
        let limit: Int?

        /// Starts reading the body. A body can be read once: iterate the lines of one response with one
        /// iterator.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(reader: LineReader(body: body, limit: limit))
        }

        /// Reads lines; dropping it discards the rest of the body, so leaving a loop early never leaves the
        /// connection half read.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let reader: LineReader

            /// The next line, or `nil` at the end of the body. Throws `NetworkError` (`.transport` when the
            /// connection breaks mid-body or a line is over the limit, `.cancelled` when the task is cancelled).
            public mutating func next() async throws -> String? {
                try await next(isolation: nil)
            }

            /// `next()` on the caller's actor (what `for try await` calls), so a loop on the main actor reads
            /// lines without a hop to another executor per line.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> String? {
                try await reader.next(isolation: actor)
            }
        }
    }
}

/// The chunks of a body cut into lines, one batch of lines per chunk; used by one iterator at a time. Dropping
/// it discards what was not read, so a reader that breaks out of its loop frees the connection.
final class LineReader {
    private let body: ResponseBody
    private var chunks: ResponseBody.AsyncIterator
    private var splitter: LineSplitter
    private var batch: [String] = []
    private var index = 0
    private var ended = false
    /// A line over the limit, thrown once the lines before it were read.
    private var failure: NetworkError?

    /// A reader of `body`; a line over `limit` bytes throws (`nil`: no limit).
    init(body: ResponseBody, limit: Int?) {
        self.body = body
        chunks = body.makeAsyncIterator()
        splitter = LineSplitter(crEndsLine: false, limit: limit)
    }

    deinit {
        if !ended { body.discard() }
    }

    /// The next line, or `nil` once the body ended.
    func next(isolation actor: isolated (any Actor)?) async throws -> String? {
        while index == batch.count {
            if let failure {
                self.failure = nil
                throw failure
            }
            if ended { return nil }
            index = 0
            batch.removeAll(keepingCapacity: true)
            guard let chunk = try await chunks.next() else {
                ended = true
                if let last = splitter.finish() { batch.append(String(decoding: last, as: UTF8.self)) }
                continue
            }
            do throws(NetworkError) {
                try splitter.forEachLine(in: chunk) { batch.append(String(decoding: $0, as: UTF8.self)) }
            } catch {
                failure = error
                ended = true
                body.discard()
            }
        }
        index += 1
        return batch[index - 1]
    }
}

import Foundation

/// The body of a response: either bytes already in memory or a stream of chunks still arriving from the
/// transport, read once, with backpressure.
///
/// Reading is pull-based: a transport only reads ahead a bounded amount, so a consumer that reads slowly (or
/// stops) keeps memory bounded instead of buffering a large body. Dropping an unread streamed body, or
/// cancelling the task that reads it, cancels the transfer.
///
/// ```swift
/// let response = try await client.stream(endpoint)               // or `transport.send(request)`
/// for try await chunk in response.body { sink.write(chunk) }     // streamed
/// let bytes = try await response.body.collect(upTo: 1 << 20)     // or all at once, with a limit
/// ```
public struct ResponseBody: AsyncSequence, Sendable {
    /// One chunk of body bytes, in order; never empty.
    public typealias Element = Data

    enum Storage: Sendable {
        case buffered(Data)
        case streamed(StreamHandle)
    }

    let storage: Storage

    /// A body whose bytes are all in memory (what `StubTransport`, tests and interceptors that answer by
    /// themselves use); reading it never waits or fails.
    public init(_ data: Data = Data()) {
        storage = .buffered(data)
    }

    /// A body read from `source`, one chunk at a time. The source is cancelled if the body is dropped unread.
    package init(_ source: any ResponseBodySource) {
        storage = .streamed(StreamHandle(source))
    }

    /// The bytes, when the whole body is already in memory; `nil` for a body that is still streaming. Lets a
    /// caller skip the asynchronous read (and its limit check) when the body was buffered by the client.
    public var bufferedData: Data? {
        if case .buffered(let data) = storage { data } else { nil }
    }

    /// Reads the whole body into memory.
    ///
    /// - Parameter limit: the most bytes to accept, or `nil` for no limit.
    /// - Throws: `NetworkError.transport` with `.responseTooLarge` once the body passes `limit` (the transfer is
    ///   cancelled at that point, not read to the end), or the transport's error if the transfer fails.
    public func collect(upTo limit: Int? = nil) async throws -> Data {
        switch storage {
        case .buffered:
            return try bufferedData(upTo: limit) ?? Data()
        case .streamed(let handle):
            var data = Data()
            while let chunk = try await handle.source.next() {
                if let limit, data.count + chunk.count > limit {
                    handle.source.cancel()
                    throw ResponseBody.tooLarge(limit)
                }
                if data.isEmpty { data = chunk } else { data.append(chunk) }
            }
            return data
        }
    }

    /// The bytes of a body already in memory, checked against `limit` as `collect(upTo:)` checks them; `nil` for a
    /// body that is still streaming. Synchronous, for callers that skip the async read when nothing is left to read.
    ///
    /// - Throws: `NetworkError.transport` with `.responseTooLarge` when the bytes pass `limit`.
    package func bufferedData(upTo limit: Int?) throws(NetworkError) -> Data? {
        guard let data = bufferedData else { return nil }
        if let limit, data.count > limit { throw ResponseBody.tooLarge(limit) }
        return data
    }

    /// Stops the transfer and discards what has not been read (a no-op for a buffered body). Call it when the
    /// body is not wanted, so the transfer stops at once rather than when the body is dropped.
    public func discard() {
        if case .streamed(let handle) = storage { handle.source.cancel() }
    }

    /// This body with every chunk passed to `onChunk` (with the byte count so far, that chunk included) before
    /// the reader gets it; a throw there fails the read and cancels the transfer. `onEnd` runs once, when the
    /// body ends, fails or is dropped, with the bytes that went through. The one way interceptors watch a body.
    package func observed(
        onChunk: @escaping @Sendable (_ chunk: Data, _ total: Int64) throws -> Void = { _, _ in },
        onEnd: @escaping @Sendable (_ bytes: Int64, _ error: (any Error)?) -> Void
    ) -> ResponseBody {
        if let data = bufferedData {
            onEnd(Int64(data.count), nil)
            return self
        }
        return ResponseBody(ObservedBodySource(base: self, onChunk: onChunk, onEnd: onEnd))
    }

    /// The `NetworkError` for a body past `limit` bytes: the one place this failure is made.
    package static func tooLarge(_ limit: Int) -> NetworkError {
        .transport(TransportFailure(kind: .responseTooLarge, message: "the response body exceeds the limit of \(limit) bytes"))
    }

    /// Reads chunks in order. `Sendable` (its parts are), so an actor-isolated reader can call `next()` without
    /// the standard library's `next(isolation:)`, which Apple platforms have only from macOS 15 / iOS 18.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        private var buffered: Data?
        private let handle: StreamHandle?

        init(_ storage: Storage) {
            switch storage {
            case .buffered(let data):
                buffered = data.isEmpty ? nil : data
                handle = nil
            case .streamed(let handle):
                buffered = nil
                self.handle = handle
            }
        }

        /// The next chunk, or `nil` at the end of the body. Throws `NetworkError`.
        public mutating func next() async throws -> Data? {
            if let data = buffered {
                buffered = nil
                return data
            }
            return try await handle?.source.next()
        }
    }

    /// Starts reading the body. A streamed body can be iterated once: its chunks are not kept.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(storage)
    }
}

/// Where a streamed `ResponseBody` gets its chunks: a transport's receive buffer, or a wrapper around another
/// body. `next()` is called by one reader at a time; `cancel()` may be called from anywhere, any number of times.
package protocol ResponseBodySource: AnyObject, Sendable {
    /// The next chunk (never empty), or `nil` at the end. Throws `NetworkError`; `.cancelled` when the reading
    /// task is cancelled.
    func next() async throws -> Data?
    /// Stops the transfer; later `next()` calls throw `NetworkError.cancelled` or return `nil`.
    func cancel()
}

/// Owns a streamed body's source for the `ResponseBody` values that share it: when the last of them is gone, an
/// unfinished transfer is cancelled, so a dropped body never keeps a connection busy.
final class StreamHandle: Sendable {
    let source: any ResponseBodySource

    init(_ source: any ResponseBodySource) {
        self.source = source
    }

    deinit {
        source.cancel()
    }
}

/// A body that runs callbacks on each chunk and once at its end (see `ResponseBody.observed`).
final class ObservedBodySource: ResponseBodySource {
    private let base: ResponseBody
    private let onChunk: @Sendable (Data, Int64) throws -> Void
    private let onEnd: @Sendable (Int64, (any Error)?) -> Void
    /// The iterator and the byte count, touched only by the one reader; `ended` makes `onEnd` run once.
    private let state: LockedState<(iterator: ResponseBody.AsyncIterator?, bytes: Int64, ended: Bool)>

    init(base: ResponseBody, onChunk: @escaping @Sendable (Data, Int64) throws -> Void, onEnd: @escaping @Sendable (Int64, (any Error)?) -> Void) {
        self.base = base
        self.onChunk = onChunk
        self.onEnd = onEnd
        self.state = LockedState((base.makeAsyncIterator(), 0, false))
    }

    func next() async throws -> Data? {
        // The iterator is taken out while awaiting (one reader at a time) and put back after.
        guard var iterator = state.withLock({ state in defer { state.iterator = nil }; return state.iterator }) else {
            return nil
        }
        do {
            let chunk = try await iterator.next()
            let bytes = state.withLock { state -> Int64 in
                state.iterator = iterator
                state.bytes += Int64(chunk?.count ?? 0)
                return state.bytes
            }
            if let chunk {
                try onChunk(chunk, bytes)
                return chunk
            }
            end(bytes, nil)
            return nil
        } catch {
            base.discard()
            end(state.withLock { $0.bytes }, error)
            throw error
        }
    }

    func cancel() {
        base.discard()
        end(state.withLock { $0.bytes }, NetworkError.cancelled)
    }

    deinit {
        if !state.withLock({ $0.ended }) { onEnd(state.withLock { $0.bytes }, NetworkError.cancelled) }
    }

    private func end(_ bytes: Int64, _ error: (any Error)?) {
        let first = state.withLock { state -> Bool in
            defer { state.ended = true }
            return !state.ended
        }
        if first { onEnd(bytes, error) }
    }
}

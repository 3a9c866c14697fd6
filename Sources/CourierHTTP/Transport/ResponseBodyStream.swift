import Foundation

/// The receive buffer between a transport that pushes body chunks and the one reader that pulls them: the
/// streaming half of the `Transport` contract, shared by every transport.
///
/// Backpressure: once more than `highWater` bytes wait unread, `push` returns `false` and the transport pauses
/// (`pause` is called once); when the reader has brought the buffer under `lowWater`, `resume` is called.
/// Memory is then bounded by the high-water mark plus what the transport delivers while pausing, whatever the
/// reader does. A transport that cannot pause (URLSession on Linux) buffers what the reader has not taken.
///
/// `@unchecked Sendable` is safe: every mutable field lives in `state`, a `LockedState`; the callbacks are
/// `@Sendable` and run outside the lock.
package final class ResponseBodyStream: ResponseBodySource, @unchecked Sendable {
    private struct State {
        var chunks: [Data] = []
        var head = 0
        var bufferedBytes = 0
        var paused = false
        var end: Result<Void, NetworkError>?
        var reader: CheckedContinuation<Data?, any Error>?
    }

    private let state = LockedState(State())
    private let highWater: Int
    private let lowWater: Int
    private let pause: @Sendable () -> Void
    private let resume: @Sendable () -> Void
    private let onCancel: @Sendable () -> Void

    /// Creates a stream. `pause`/`resume` throttle the transport; `onCancel` stops it (the reader gave up).
    package init(
        highWater: Int = 1 << 20,
        lowWater: Int = 256 << 10,
        pause: @escaping @Sendable () -> Void = {},
        resume: @escaping @Sendable () -> Void = {},
        onCancel: @escaping @Sendable () -> Void
    ) {
        self.highWater = max(1, highWater)
        self.lowWater = min(lowWater, highWater)
        self.pause = pause
        self.resume = resume
        self.onCancel = onCancel
    }

    // MARK: Transport side

    /// Hands a chunk to the reader. Returns `false` while more than `highWater` bytes wait unread (the first
    /// time, `pause` is also called); the chunk is kept either way. Chunks after the end are dropped.
    @discardableResult
    package func push(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return true }
        let (reader, shouldPause, over) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool, Bool) in
            guard state.end == nil else { return (nil, false, false) }
            if let reader = state.reader {
                state.reader = nil
                return (reader, false, false)
            }
            state.chunks.append(chunk)
            state.bufferedBytes += chunk.count
            let over = state.bufferedBytes > highWater
            let shouldPause = over && !state.paused
            if shouldPause { state.paused = true }
            return (nil, shouldPause, over)
        }
        reader?.resume(returning: chunk)
        if shouldPause { pause() }
        return !over
    }

    /// Ends the body: normally (`nil`) or with the transport's failure. Later calls are ignored.
    package func finish(_ failure: NetworkError? = nil) {
        let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = failure.map { .failure($0) } ?? .success(())
            defer { state.reader = nil }
            return state.reader
        }
        guard let reader else { return }
        if let failure { reader.resume(throwing: failure) } else { reader.resume(returning: nil) }
    }

    /// Whether the reader cancelled or the body ended.
    package var isFinished: Bool {
        state.withLock { $0.end != nil }
    }

    // MARK: Reader side

    package func next() async throws -> Data? {
        if case .ready(let result) = take(registering: nil) { return try result.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                if case .ready(let result) = take(registering: continuation) { continuation.resume(with: result) }
            }
        } onCancel: {
            self.cancel()
        }
    }

    private enum Take {
        case ready(Result<Data?, any Error>)
        case waiting
    }

    /// Takes the first chunk, the end or the failure; otherwise registers `reader` (if given) to be resumed by
    /// the next `push`/`finish`/`cancel`. Resumes a paused transport once the buffer is under `lowWater`.
    private func take(registering reader: CheckedContinuation<Data?, any Error>?) -> Take {
        let (taken, wake) = state.withLock { state -> (Take, Bool) in
            let taken: Take
            if state.head < state.chunks.count {
                let chunk = state.chunks[state.head]
                state.head += 1
                state.bufferedBytes -= chunk.count
                if state.head == state.chunks.count {
                    state.chunks.removeAll(keepingCapacity: true)
                    state.head = 0
                } else if state.head > 64, state.head * 2 > state.chunks.count {
                    state.chunks.removeFirst(state.head)
                    state.head = 0
                }
                taken = .ready(.success(chunk))
            } else if let end = state.end {
                taken = .ready(end.map { nil }.mapError { $0 })
            } else if reader != nil, Task.isCancelled {
                taken = .ready(.failure(NetworkError.cancelled))
            } else {
                if let reader { state.reader = reader }
                taken = .waiting
            }
            guard state.bufferedBytes <= lowWater else { return (taken, false) }
            let wake = state.paused
            state.paused = false
            return (taken, wake)
        }
        if wake { resume() }
        return taken
    }

    package func cancel() {
        let (reader, wasRunning) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            let wasRunning = state.end == nil
            if wasRunning { state.end = .failure(.cancelled) }
            state.chunks = []
            state.head = 0
            state.bufferedBytes = 0
            defer { state.reader = nil }
            return (state.reader, wasRunning)
        }
        reader?.resume(throwing: NetworkError.cancelled)
        if wasRunning { onCancel() }
    }
}

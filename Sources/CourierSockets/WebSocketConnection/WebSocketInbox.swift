#if os(Linux)
import CourierHTTP

/// The messages a `WebSocketConnection` received and its reader has not taken yet: bounded, so a reader that
/// lags stops the socket reads (`push` says when), and the end (a clean close or the failure) after them.
///
/// `@unchecked Sendable` is safe: every mutable field lives in `state`, a `LockedState`.
final class WebSocketInbox: @unchecked Sendable {
    /// A message taken, and whether the reads paused for a full inbox may resume now.
    typealias Taken = (message: WebSocketMessage?, resume: Bool)

    private struct State {
        var messages: [WebSocketMessage] = []
        var head = 0
        var bytes = 0
        var paused = false
        var end: Result<Void, WebSocketError>?
        var reader: CheckedContinuation<Taken, any Error>?
        var closeCode: WebSocketCloseCode?
        var closeReason = ""

        /// The first message waiting, if any; the pause ends below half of both limits.
        mutating func take(_ inbox: WebSocketInbox) -> Taken? {
            guard head < messages.count else { return nil }
            let message = messages[head]
            head += 1
            bytes -= message.byteCount
            if head == messages.count {
                messages.removeAll(keepingCapacity: true)
                head = 0
            }
            let resume = paused && messages.count - head < inbox.maximumMessages / 2 && bytes < inbox.maximumBytes / 2
            if resume { paused = false }
            return (message, resume)
        }
    }

    private let state = LockedState(State())
    /// The most messages, and bytes, waiting before reads stop (they resume below half of both).
    let maximumMessages: Int
    let maximumBytes: Int

    init(maximumMessages: Int = 64, maximumBytes: Int = 1 << 20) {
        self.maximumMessages = maximumMessages
        self.maximumBytes = maximumBytes
    }

    /// Queues `message` for the reader (`deliver` wakes a waiting one); `false` once the inbox is full (stop
    /// reading until `next` resumes).
    func push(_ message: WebSocketMessage) -> Bool {
        let size = message.byteCount
        return state.withLock { state in
            guard state.end == nil else { return true }
            state.messages.append(message)
            state.bytes += size
            // Only a take ends a pause: cleared here (a push below the limits after the reader took a few), the
            // reads stayed paused with no one left to resume them.
            if state.messages.count - state.head >= maximumMessages || state.bytes >= maximumBytes { state.paused = true }
            return !state.paused
        }
    }

    /// Hands the first message waiting to a waiting reader: called once after the messages of a read were
    /// pushed, so that one wake-up of the reader serves them all.
    func deliver() {
        let handed = state.withLock { state -> (CheckedContinuation<Taken, any Error>, Taken)? in
            guard let reader = state.reader, let taken = state.take(self) else { return nil }
            state.reader = nil
            return (reader, taken)
        }
        if let (reader, taken) = handed { reader.resume(returning: taken) }
    }

    /// The bytes of the messages waiting.
    var bufferedBytes: Int { state.withLock { $0.bytes } }

    /// Records the server's Close frame.
    func recordClose(code: WebSocketCloseCode?, reason: String) {
        state.withLock {
            $0.closeCode = code
            $0.closeReason = reason
        }
    }

    /// The server's close code and reason, once its Close frame arrived.
    var close: (code: WebSocketCloseCode?, reason: String) {
        state.withLock { ($0.closeCode, $0.closeReason) }
    }

    /// Ends the messages (after those waiting): `.success` for the close handshake, else the failure. The first
    /// end counts. A waiting reader gets the first message waiting, else the end.
    func finish(_ end: Result<Void, WebSocketError>) {
        let handed = state.withLock { state -> (CheckedContinuation<Taken, any Error>, Result<Taken, any Error>)? in
            guard state.end == nil else { return nil }
            state.end = end
            guard let reader = state.reader else { return nil }
            state.reader = nil
            if let taken = state.take(self) { return (reader, .success(taken)) }
            return (reader, end.map { (nil, false) }.mapError { $0 })
        }
        if let (reader, result) = handed { reader.resume(with: result) }
    }

    /// The next message (nil at a clean end), and whether the reads paused for a full inbox may resume now.
    func next() async throws -> Taken {
        let taken = try state.withLock { state throws -> Taken? in
            if let taken = state.take(self) { return taken }
            if let end = state.end {
                try end.get()
                return (nil, false)
            }
            return nil
        }
        if let taken { return taken }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in wait(continuation) }
        } onCancel: {
            cancelReader()
        }
    }

    /// Parks the reader, unless a message or the end arrived meanwhile.
    private func wait(_ continuation: CheckedContinuation<Taken, any Error>) {
        let ready = state.withLock { state -> Result<Taken, any Error>? in
            if let taken = state.take(self) { return .success(taken) }
            if let end = state.end { return end.map { (nil, false) }.mapError { $0 } }
            if Task.isCancelled { return .failure(CancellationError()) }
            state.reader = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    private func cancelReader() {
        let reader = state.withLock { state in
            defer { state.reader = nil }
            return state.reader
        }
        reader?.resume(throwing: CancellationError())
    }
}
#endif

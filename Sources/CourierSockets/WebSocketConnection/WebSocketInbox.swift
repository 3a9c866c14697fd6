#if os(Linux)
import CourierHTTP

/// The messages a `WebSocketConnection` received and its reader has not taken yet: bounded, so a reader that
/// lags stops the socket reads (`push` says when), and the end (a clean close or the failure) after them.
///
/// `@unchecked Sendable` is safe: every mutable field lives in `state`, a `LockedState`.
final class WebSocketInbox: @unchecked Sendable {
    private struct State {
        var messages: [WebSocketMessage] = []
        var head = 0
        var bytes = 0
        var paused = false
        var end: Result<Void, WebSocketError>?
        var reader: CheckedContinuation<WebSocketMessage?, any Error>?
        var closeCode: WebSocketCloseCode?
        var closeReason = ""
    }

    private let state = LockedState(State())
    /// The most messages, and bytes, waiting before reads stop (they resume below half of both).
    let maximumMessages: Int
    let maximumBytes: Int

    init(maximumMessages: Int = 64, maximumBytes: Int = 1 << 20) {
        self.maximumMessages = maximumMessages
        self.maximumBytes = maximumBytes
    }

    /// Hands `message` to the reader; `false` once the inbox is full (stop reading until `next` resumes).
    func push(_ message: WebSocketMessage) -> Bool {
        let size = message.byteCount
        let (reader, full) = state.withLock { state -> (CheckedContinuation<WebSocketMessage?, any Error>?, Bool) in
            guard state.end == nil else { return (nil, false) }
            if let reader = state.reader {
                state.reader = nil
                return (reader, false)
            }
            state.messages.append(message)
            state.bytes += size
            // Only `next` ends a pause: cleared here (a push below the limits after the reader took a few), the
            // reads stayed paused with no one left to resume them.
            if state.messages.count - state.head >= maximumMessages || state.bytes >= maximumBytes { state.paused = true }
            return (nil, state.paused)
        }
        reader?.resume(returning: message)
        return !full
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
    /// end counts.
    func finish(_ end: Result<Void, WebSocketError>) {
        let reader = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = end
            defer { state.reader = nil }
            return state.reader
        }
        switch end {
        case .success: reader?.resume(returning: nil)
        case .failure(let error): reader?.resume(throwing: error)
        }
    }

    /// The next message (nil at a clean end), and whether the reads paused for a full inbox may resume now.
    func next() async throws -> (message: WebSocketMessage?, resume: Bool) {
        let taken = try state.withLock { state throws -> (message: WebSocketMessage?, resume: Bool)? in
            guard state.head < state.messages.count else {
                if let end = state.end {
                    try end.get()
                    return (nil, false)
                }
                return nil
            }
            let message = state.messages[state.head]
            state.head += 1
            state.bytes -= message.byteCount
            if state.head == state.messages.count {
                state.messages.removeAll(keepingCapacity: true)
                state.head = 0
            }
            let resume = state.paused && state.messages.count - state.head < maximumMessages / 2 && state.bytes < maximumBytes / 2
            if resume { state.paused = false }
            return (message, resume)
        }
        if let taken { return taken }
        let message = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in wait(continuation) }
        } onCancel: {
            cancelReader()
        }
        return (message, false)
    }

    /// Parks the reader, unless a message or the end arrived meanwhile.
    private func wait(_ continuation: CheckedContinuation<WebSocketMessage?, any Error>) {
        let ready = state.withLock { state -> Result<WebSocketMessage?, any Error>? in
            if state.head < state.messages.count {
                let message = state.messages[state.head]
                state.head += 1
                state.bytes -= message.byteCount
                return .success(message)
            }
            if let end = state.end { return end.map { nil }.mapError { $0 } }
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

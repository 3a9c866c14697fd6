#if os(Linux)
import CourierHTTP
import Foundation

/// The `WebSocketChannel` side: calls from any task, carried out on the loop thread.
extension WebSocketConnection {
    func send(_ message: WebSocketMessage) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            loop.execute { [self] in send(message, continuation) }
        }
    }

    func receive() async throws -> WebSocketMessage? {
        let (message, resume) = try await inbox.next()
        if resume { loop.execute { [self] in stream.resumeReads() } }
        return message
    }

    func ping() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            loop.execute { [self] in
                if let refusal = sendRefusal { return continuation.resume(throwing: refusal) }
                pingsSent += 1
                let payload = Array("courier-ping-\(pingsSent)".utf8)
                pings.append((payload, continuation))
                write(.ping, payload)
                stream.flush()
            }
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async throws {
        let payload = try WebSocketClosePayload(sending: code, reason: reason)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            loop.execute { [self] in
                guard !closed else { return continuation.resume() }
                closers.append(continuation)
                guard let bytes = try? handshake.close(code: payload.code, reason: payload.reason) else { return }
                if failure == nil { failure = WebSocketError(.closed, closeCode: code, "the WebSocket is closing") }
                write(.close, bytes)
                closeDeadline = MonotonicClock.now() + Self.closeTimeout
                stream.flush()
            }
        }
    }

    var closeCode: WebSocketCloseCode? { inbox.close.code }
    var closeReason: String { inbox.close.reason }

    // MARK: Loop thread

    /// Why nothing more may be sent, if so.
    private var sendRefusal: WebSocketError? {
        if let failure { return failure }
        if closed || !handshake.canSendData { return WebSocketError(.closed, "the WebSocket is closed") }
        return nil
    }

    /// Queues `message` and writes; the sender waits while the queue is over `highWaterMark`.
    private func send(_ message: WebSocketMessage, _ continuation: CheckedContinuation<Void, any Error>) {
        if let refusal = sendRefusal { return continuation.resume(throwing: refusal) }
        let (opcode, payload): (WebSocketOpcode, [UInt8])
        switch message {
        case .text(let text): (opcode, payload) = (.text, Array(text.utf8))
        case .binary(let data): (opcode, payload) = (.binary, Array(data))
        }
        #if canImport(CZlib)
        if let deflater {
            do {
                write(opcode, try deflater.compress(payload), compressed: true)
            } catch {
                return continuation.resume(throwing: error)
            }
        } else {
            write(opcode, payload)
        }
        #else
        write(opcode, payload)
        #endif
        stream.flush()
        if !closed, stream.pendingOutputCount > Self.highWaterMark {
            senders.append(continuation)
        } else {
            continuation.resume()
        }
    }

    /// Queues one whole frame, masked.
    func write(_ opcode: WebSocketOpcode, _ payload: [UInt8], compressed: Bool = false) {
        var bytes: [UInt8] = []
        let frame = WebSocketFrame(reservedBits: compressed ? WebSocketFrame.compressedBit : 0, opcode: opcode, payload: payload)
        encoder.encode(frame, into: &bytes)
        stream.enqueue(bytes)
    }
}
#endif

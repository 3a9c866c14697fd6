#if os(Linux)
import CourierHTTP
import Foundation

/// The `WebSocketChannel` side: calls from any task, carried out on the loop thread.
extension WebSocketConnection {
    func send(_ message: WebSocketMessage) async throws {
        try await WebSocketWaiter().wait(on: loop, cancel: { [self] in cancel($0) }) { [self] in send(message, $0) }
    }

    func receive() async throws -> WebSocketMessage? {
        let (message, resume) = try await inbox.next()
        if resume { loop.execute { [self] in stream.resumeReads() } }
        return message
    }

    func ping() async throws {
        let payload = Array("courier-ping-\(UInt64.random(in: 0...UInt64.max))".utf8)
        try await WebSocketWaiter(payload: payload).wait(on: loop, cancel: { [self] in cancel($0) }) { [self] waiter in
            if let refusal = sendRefusal { return waiter.resume(throwing: refusal) }
            pings.append(waiter)
            write(.ping, payload)
            stream.flush()
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
    private func send(_ message: WebSocketMessage, _ waiter: WebSocketWaiter) {
        if let refusal = sendRefusal { return waiter.resume(throwing: refusal) }
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
                return waiter.resume(throwing: error)
            }
        } else {
            write(opcode, payload)
        }
        #else
        write(opcode, payload)
        #endif
        stream.flush()
        if !closed, stream.pendingOutputCount > Self.highWaterMark {
            senders.append(waiter)
            changes.signal()
        } else {
            waiter.resume()
        }
    }

    /// The task of a waiting sender or ping was cancelled: it stops waiting (a message already queued still
    /// goes out).
    private func cancel(_ waiter: WebSocketWaiter) {
        senders.removeAll { $0 === waiter }
        pings.removeAll { $0 === waiter }
        waiter.resume(throwing: NetworkError.cancelled)
    }

    /// Queues one whole frame, masked.
    func write(_ opcode: WebSocketOpcode, _ payload: [UInt8], compressed: Bool = false) {
        let frame = WebSocketFrame(reservedBits: compressed ? WebSocketFrame.compressedBit : 0, opcode: opcode, payload: payload)
        stream.enqueue { encoder.encode(frame, into: &$0) }
    }
}
#endif

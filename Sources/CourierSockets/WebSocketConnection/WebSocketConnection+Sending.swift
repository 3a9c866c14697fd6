#if os(Linux)
import CourierHTTP
import Foundation

/// The `WebSocketChannel` side: calls from any task, carried out on the loop thread.
extension WebSocketConnection {
    /// Hands `message` to the loop and goes on while it fits in `sendBudget`; past it, waits on the loop until
    /// the output drains below `highWaterMark`.
    func send(_ message: WebSocketMessage) async throws {
        if Task.isCancelled { throw NetworkError.cancelled }
        let size = message.byteCount
        if try sendBudget.take(size) {
            loop.execute { [self] in send(message, handedOver: size, nil) }
            return
        }
        try await WebSocketWaiter().wait(on: loop, cancel: { [self] in cancel($0) }) { [self] in send(message, handedOver: 0, $0) }
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

    /// Queues `message` (`handedOver` bytes of the budget, or its `waiter` waits): a handed-over one goes out
    /// with the others of this loop round in one write; a waiting sender's at once, and the sender waits on
    /// while the output is over `highWaterMark`.
    private func send(_ message: WebSocketMessage, handedOver: Int, _ waiter: WebSocketWaiter?) {
        defer { sendBudget.update(tookOver: handedOver, queued: stream.pendingOutputCount) }
        if let refusal = sendRefusal {
            waiter?.resume(throwing: refusal)
            return
        }
        let opcode: WebSocketOpcode = if case .text = message { .text } else { .binary }
        let written = message.withUnsafeBytes { bytes in Result { () throws(WebSocketError) in try writeMessage(opcode, bytes) } }
        if case .failure(let encodingFailure) = written {
            waiter?.resume(throwing: encodingFailure)
            return fail(encodingFailure)
        }
        guard let waiter else { return stream.flushSoon() }
        stream.flush()
        if !closed, stream.pendingOutputCount > Self.highWaterMark {
            senders.append(waiter)
            changes.signal()
        } else {
            waiter.resume()
        }
    }

    /// Queues a data message's frame, deflated when permessage-deflate was negotiated.
    private func writeMessage(_ opcode: WebSocketOpcode, _ payload: UnsafeRawBufferPointer) throws(WebSocketError) {
        #if canImport(CZlib)
        if let deflater {
            return write(opcode, try deflater.compress(Array(payload)), compressed: true)
        }
        #endif
        stream.enqueue { encoder.encode(opcode: opcode, payload: payload, into: &$0) }
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
        payload.withUnsafeBytes { bytes in
            stream.enqueue { encoder.encode(reservedBits: compressed ? WebSocketFrame.compressedBit : 0, opcode: opcode, payload: bytes, into: &$0) }
        }
    }
}
#endif

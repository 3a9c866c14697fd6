#if os(Linux)
import CourierHTTP

/// Frames in: decoded, assembled, and acted on (messages to the inbox, pings answered, the close handshake);
/// a violation fails the connection with its close code.
extension WebSocketConnection {
    func streamReceived(_ bytes: UnsafeRawBufferPointer) {
        // After a failure or our Close, only the server's Close (or its hang-up) matters: bytes are dropped.
        guard failure == nil || failure?.kind == .closed, !closed else { return }
        decoder.append(bytes)
        do {
            while !closed, let frame = try decoder.next() {
                try take(frame)
            }
        } catch {
            fail(error)
        }
        inbox.deliver()
    }

    /// Acts on one frame.
    private func take(_ frame: WebSocketFrame) throws(WebSocketError) {
        keepAlive?.received(at: .now)
        guard let event = try assembler.take(frame) else { return }
        switch event {
        case .message(let message):
            guard handshake.state != .closed, failure == nil else { return }
            if !inbox.push(message) {
                stream.pauseReads()
                changes.signal()
            }
        case .ping(let payload):
            guard handshake.canSendData else { return }
            write(.pong, payload)
            stream.flush()
        case .pong(let payload):
            keepAlive?.receivedPong(payload, at: .now)
            if keepAlive != nil { runKeepAlive() }  // the next ping's moment, not the answered one's deadline
            answerPings(payload)
        case .close(let payload):
            receivedClose(payload)
        }
    }

    /// Resumes the `ping()` callers whose payload came back.
    private func answerPings(_ payload: [UInt8]) {
        let answered = pings.filter { $0.payload == payload }
        pings.removeAll { $0.payload == payload }
        for ping in answered { ping.resume() }
    }

    /// The server's Close frame: answered (unless we sent ours first), the messages end, and the server gets
    /// `closeTimeout` to close the TCP connection.
    private func receivedClose(_ payload: WebSocketClosePayload) {
        inbox.recordClose(code: payload.code, reason: payload.reason)
        if let reply = handshake.receive(payload) { write(.close, reply) }
        let code = payload.code ?? .noStatusReceived
        if failure == nil { failure = WebSocketError(.closed, closeCode: code, "the server closed the WebSocket (\(code)) \(payload.reason)") }
        inbox.finish(.success(()))
        closeDeadline = MonotonicClock.now() + Self.closeTimeout
        stream.flush()
    }

    /// Fails the connection: the reader gets `error`; when it has a close code, a Close frame with it goes to
    /// the server (which then closes), else the connection closes at once.
    func fail(_ error: WebSocketError) {
        guard !closed else { return }
        if failure == nil || failure?.kind == .closed { failure = error }
        inbox.finish(.failure(error))
        let sendable = error.closeCode.map(\.isSendable) ?? false
        guard sendable, let payload = try? handshake.close(code: error.closeCode) else {
            stream.close()
            return
        }
        write(.close, payload)
        closeDeadline = MonotonicClock.now() + Self.closeTimeout
        stream.flush()
    }
}
#endif

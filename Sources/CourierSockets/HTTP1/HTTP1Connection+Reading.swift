#if os(Linux)
import CourierHTTP
import Foundation

/// Reading the response: socket bytes through the parser, the head to the waiting caller, body chunks into
/// the reader's stream (stopping while it is full), and the connection back to the pool at the end.
extension HTTP1Connection {
    /// The reader took enough chunks: reads resume (and what the socket holds is read now).
    func resumeReading(for exchange: Exchange) {
        guard self.exchange === exchange else { return }
        stream.resumeReads()
    }

    /// Bytes arrived.
    func streamReceived(_ bytes: UnsafeRawBufferPointer) {
        guard let exchange, state == .active else {
            // A server may not send anything between responses: the connection is no longer usable.
            close()
            return
        }
        if !exchange.receivedResponseBytes {
            exchange.receivedResponseBytes = true
            exchange.metrics.firstByte = exchange.elapsed()
        }
        let events: [HTTP1Event]
        do {
            events = try transferDecoded(try parser.parse(bytes))
        } catch {
            fail(error.networkError)
            return
        }
        // Bytes after the response's end: it keeps its declared length, and the connection is not reused.
        if case .excess = events.last { mustClose = true }
        handle(events, of: exchange)
    }

    /// The server closed its side.
    func streamReceivedEOF() {
        guard let exchange, state == .active else {
            close()
            return
        }
        do {
            handle(try transferDecoded(try parser.parseEOF()), of: exchange)
        } catch {
            fail(error.networkError)
            return
        }
        guard state == .active, self.exchange === exchange else { return }
        fail(NetworkError.transport(TransportFailure(
            kind: .connectionLost, message: "\(key) closed the connection before the response was complete")))
    }

    /// Acts on parsed events, in order.
    private func handle(_ events: [HTTP1Event], of exchange: Exchange) {
        var index = 0
        while index < events.count, self.exchange === exchange {
            switch events[index] {
            case .continue:
                if waitingForContinue {
                    waitingForContinue = false
                    continueDeadline = nil
                    stream.flush()
                }
            case .head(let head):
                // A whole small response in this read: hand it over in memory, with no stream.
                if let end = Self.bufferedEnd(events, after: index) {
                    var body = Data()
                    for case .body(let chunk) in events[(index + 1)..<end.index] { body.append(chunk) }
                    // Back to the pool before the caller hears of it, so its next request can reuse the connection.
                    guard let response = response(head, bufferedBody: body, of: exchange) else { return }
                    let continuation = exchange.headContinuation
                    exchange.headContinuation = nil
                    complete(exchange, reusable: end.reusable)
                    if let continuation { loop.deliverAfterRound(continuation, response) }
                    index = end.index + 1
                    continue
                }
                if let response = response(head, bufferedBody: nil, of: exchange) {
                    let continuation = exchange.headContinuation
                    exchange.headContinuation = nil
                    continuation?.resume(returning: response)
                }
            case .body(let chunk):
                receiveBody(chunk, of: exchange)
            case .end(let reusable):
                complete(exchange, reusable: reusable)
            case .switchingProtocols(let head, let rest):
                switchProtocols(head, rest: rest, of: exchange)
            case .excess:
                break  // `mustClose` is set: the end of the response closed the connection
            }
            index += 1
        }
    }

    /// The index of the `.end` that follows the head at `index` with only body events between, if any.
    private static func bufferedEnd(_ events: [HTTP1Event], after index: Int) -> (index: Int, reusable: Bool)? {
        var next = index + 1
        while next < events.count {
            switch events[next] {
            case .body: next += 1
            case .end(let reusable): return (next, reusable)
            default: return nil
            }
        }
        return nil
    }

    /// The response for the head that arrived, its body in memory or streaming; `nil` after a failure (the
    /// exchange has been failed).
    private func response(_ head: HTTP1ResponseHead, bufferedBody: Data?, of exchange: Exchange) -> HTTPResponse? {
        if bodyPending || waitingForContinue {
            // A final answer before the body went out: stop sending it; the connection cannot be reused.
            bodyPending = false
            waitingForContinue = false
            continueDeadline = nil
            bodyPump?.close()
            bodyPump = nil
            mustClose = true
        }
        do {
            return try exchange.response(
                status: head.statusCode, headers: head.headers, bufferedBody: bufferedBody,
                stream: bodyStream(for: exchange), decompression: settings.decompression)
        } catch {
            fail(error)
            return nil
        }
    }

    /// The reader's buffer for a streaming body: its reads resume the socket's, its cancel closes the connection.
    /// Its callbacks hold the exchange weakly, as the exchange holds the buffer (a strong hold leaked every
    /// exchange with a streamed body); an exchange nothing else holds is over and has nothing to resume.
    private func bodyStream(for exchange: Exchange) -> ResponseBodyStream {
        let loop = self.loop
        return ResponseBodyStream(
            resume: { [weak self, weak exchange] in
                guard let self, let exchange else { return }
                loop.execute { self.resumeReading(for: exchange) }
            },
            onCancel: { [weak self, weak exchange] in
                guard let self, let exchange else { return }
                loop.execute { self.readerGaveUp(exchange) }
            }
        )
    }

    private func receiveBody(_ chunk: Data, of exchange: Exchange) {
        do {
            if try !exchange.receiveBody(chunk) { stream.pauseReads() }
        } catch {
            fail(error)
        }
    }

    /// The response is complete. The connection goes back to the pool (or closes) before the reader hears of
    /// the end, so the reader's next request finds it idle.
    private func complete(_ exchange: Exchange, reusable: Bool) {
        do {
            try exchange.finishBody()
        } catch {
            fail(error)
            return
        }
        if !parser.trailers.isEmpty { exchange.metricsRecorder.record(trailers: HTTPHeaders(parser.trailers)) }
        exchange.finishMetrics(failed: false, handler: settings.metricsHandler)
        self.exchange = nil
        served += 1
        if reusable, !mustClose, !bodyPending, exchange.requestSent {
            state = .idle
            idleSince = MonotonicClock.now()
            stream.resumeReads(readNow: false)
            pool.exchangeFinished(on: self)
        } else {
            close()
        }
        exchange.stream?.finish()
    }

    /// The reader dropped or cancelled the body before its end: the rest is not read; the connection closes.
    func readerGaveUp(_ exchange: Exchange) {
        guard self.exchange === exchange else { return }
        exchange.finishMetrics(failed: true, handler: settings.metricsHandler)
        self.exchange = nil
        close()
    }
}
#endif

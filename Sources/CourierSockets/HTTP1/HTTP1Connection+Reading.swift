#if os(Linux)
import CourierHTTP
import Foundation

/// Reading the response: socket bytes through the parser, the head to the waiting caller, body chunks into
/// the reader's stream (stopping while it is full), and the connection back to the pool at the end.
extension HTTP1Connection {
    /// The transport's decompression limits, capped at what the caller accepts.
    private func decompressionLimits(for exchange: Exchange) -> DecompressionLimits {
        var limits = settings.decompression
        if let maximum = exchange.maximumDecodedBytes {
            limits.maximumDecodedBytes = min(limits.maximumDecodedBytes ?? .max, Int64(maximum))
        }
        return limits
    }

    /// A parse or decode failure as the caller sees it.
    static func networkError(_ error: any Error) -> NetworkError {
        if let error = error as? HTTP1ParseError { return error.networkError }
        return NetworkError.from(error)
    }

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
            events = try parser.parse(bytes)
        } catch {
            fail(Self.networkError(error))
            return
        }
        handle(events, of: exchange)
    }

    /// The server closed its side.
    func streamReceivedEOF() {
        guard let exchange, state == .active else {
            close()
            return
        }
        do {
            handle(try parser.parseEOF(), of: exchange)
        } catch {
            fail(Self.networkError(error))
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
        var headers = head.headers
        do {
            if exchange.decodesContent, let encoding = headers["Content-Encoding"],
               let decoder = try ContentDecoder(contentEncoding: encoding, limits: decompressionLimits(for: exchange)) {
                exchange.decoder = decoder
                headers.remove(name: "Content-Encoding")
                headers.remove(name: "Content-Length")
            }
        } catch {
            fail(NetworkError.from(error))
            return nil
        }
        let body: ResponseBody
        if var data = bufferedBody {
            exchange.bodyBytesReceived += Int64(data.count)
            if let decoder = exchange.decoder {
                do {
                    data = try Self.decodeAll(data, with: decoder).reduce(into: Data()) { $0.append($1) }
                    try decoder.finish()
                } catch {
                    fail(Self.networkError(error))
                    return nil
                }
                exchange.decoder = nil
            }
            body = ResponseBody(data)
        } else {
            let loop = self.loop
            let stream = ResponseBodyStream(
                resume: { [weak self] in
                    guard let self else { return }
                    loop.execute { self.resumeReading(for: exchange) }
                },
                onCancel: { [weak self] in
                    guard let self else { return }
                    loop.execute { self.readerGaveUp(exchange) }
                }
            )
            exchange.stream = stream
            body = ResponseBody(stream)
        }
        var response = HTTPResponse(statusCode: head.statusCode, headers: headers, body: body, url: nil)
        response.location = exchange.location
        response.metricsRecorder = exchange.metricsRecorder
        return response
    }

    private func receiveBody(_ chunk: Data, of exchange: Exchange) {
        exchange.bodyBytesReceived += Int64(chunk.count)
        guard let stream = exchange.stream else { return }
        var pieces = [chunk]
        if let decoder = exchange.decoder {
            do {
                pieces = try Self.decodeAll(chunk, with: decoder)
            } catch {
                fail(Self.networkError(error))
                return
            }
        }
        for piece in pieces where !stream.push(piece) {
            self.stream.pauseReads()
        }
    }

    /// Decodes `chunk` whole, in the decoder's bounded pieces (its ratio and size caps stop a bomb early).
    private static func decodeAll(_ chunk: Data, with decoder: ContentDecoder) throws -> [Data] {
        var pieces: [Data] = []
        let first = try chunk.withUnsafeBytes { bytes throws(HTTP1ParseError) in try decoder.decode(bytes) }
        if !first.isEmpty { pieces.append(first) }
        while decoder.hasPendingOutput {
            let next = try decoder.drain()
            if next.isEmpty { break }
            pieces.append(next)
        }
        return pieces
    }

    /// The response is complete. The connection goes back to the pool (or closes) before the reader hears of
    /// the end, so the reader's next request finds it idle.
    private func complete(_ exchange: Exchange, reusable: Bool) {
        if let decoder = exchange.decoder {
            do {
                try decoder.finish()
            } catch {
                fail(Self.networkError(error))
                return
            }
        }
        finishMetrics(of: exchange, failed: false)
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
        finishMetrics(of: exchange, failed: true)
        self.exchange = nil
        close()
    }
}
#endif

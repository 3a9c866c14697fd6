#if os(Linux)
import CourierHTTP
import Foundation

/// Starting exchanges as streams (or queueing them while the server allows no more), cancelling them, and
/// telling their callers how they failed.
extension HTTP2Connection {
    /// Sends `exchange` as a new stream, or queues it until the server allows another (loop thread).
    func start(_ exchange: Exchange) {
        guard !exchange.cancelled else {
            exchange.resumeHead(throwing: NetworkError.cancelled)
            pool.exchangeFinished(on: self)
            return
        }
        guard !closed, !goingAway else {
            failed(exchange, NetworkError.transport(TransportFailure(
                kind: .connectionLost, message: "\(key) is closing the HTTP/2 connection")), unprocessed: true)
            return
        }
        exchange.recordConnection(stream, reused: served > 0, protocolName: "h2")
        served += 1
        queued.append(exchange)
        openQueuedStreams()
    }

    /// Opens streams for the queued exchanges while the server allows.
    func openQueuedStreams() {
        while !queued.isEmpty, !closed, pingSentAt == nil, machine.canOpenStream {
            open(queued.removeFirst())
        }
    }

    /// Writes the request head as HEADERS (with END_STREAM when there is no body), then as much body as the
    /// windows allow. The head is encoded only once nothing can stop the stream opening: a block encoded and not
    /// sent would leave entries in the encoder's dynamic table that the server's decoder never saw, and every
    /// later head on the connection would decode wrong (COMPRESSION_ERROR, or other fields).
    private func open(_ exchange: Exchange) {
        let request = exchange.request
        var pump: BodyPump?
        var pending = Data()
        let expectsContinue = exchange.expectsContinue
        if let body = exchange.body {
            if case .data(let data) = body, data.count <= Self.bodyChunk, !expectsContinue {
                pending = data
            } else {
                do {
                    pump = BodyPump(try body.makeReader(), chunkSize: Self.bodyChunk)
                } catch {
                    failed(exchange, NetworkError.from(error), unprocessed: false)
                    pool.exchangeFinished(on: self)
                    return
                }
            }
        }
        guard machine.canOpenStream else {
            pump?.close()
            queued.insert(exchange, at: 0)
            return
        }
        let fields = HTTP2HeaderRules.request(
            method: request.method.rawValue, scheme: key.isSecure ? "https" : "http", authority: request.authority,
            path: request.target, headers: request.headers.adding(contentLength: request.bodyLength, hasBody: exchange.body != nil))
        var block: [UInt8] = []
        encoder.encode(fields, into: &block)
        var newID: UInt32?
        drive { machine, out in newID = machine.openStream(headerBlock: block, endStream: exchange.body == nil, into: &out) }
        guard let id = newID else {
            // Not reached (`canOpenStream` held just above); were it, HPACK would be out of step: the connection
            // ends, and the request, never sent, goes again on a new one.
            pump?.close()
            failed(exchange, NetworkError.transport(TransportFailure(kind: .connectionLost, message: "\(key): no stream opened")), unprocessed: true)
            pool.exchangeFinished(on: self)
            return close()
        }
        let opened = HTTP2Stream(exchange: exchange, id: id)
        opened.bodyPump = pump
        opened.pending = pending
        opened.pendingIsLast = pump == nil
        opened.requestEnded = exchange.body == nil
        if expectsContinue { opened.continueDeadline = MonotonicClock.now() + Exchange.continueWait }
        streams[id] = opened
        stream.lastActivity = MonotonicClock.now()
        if opened.requestEnded { requestSent(opened) } else { sendBody(of: opened) }
        // The streams opened in one round of the loop go out in one write.
        stream.flushSoon()
    }

    /// The caller was cancelled: its stream is reset (RST_STREAM CANCEL); the connection lives on.
    func cancel(_ exchange: Exchange) {
        exchange.cancelled = true
        if let index = queued.firstIndex(where: { $0 === exchange }) {
            queued.remove(at: index)
            failed(exchange, NetworkError.cancelled, unprocessed: false)
            pool.exchangeFinished(on: self)
            return
        }
        guard let active = streams.values.first(where: { $0.exchange === exchange }) else { return }
        abandon(active, failing: NetworkError.cancelled)
    }

    /// Resets `active`'s stream, returns the window its reader held, and fails its exchange with `error`.
    func abandon(_ active: HTTP2Stream, failing error: NetworkError) {
        let held = active.heldBytes
        active.heldBytes = 0
        drive { machine, out in
            machine.cancelStream(active.id, into: &out)
            machine.consumed(streamID: active.id, bytes: held, into: &out)
        }
        stream.flush()
        ended(active)
        failed(active.exchange, error, unprocessed: false)
    }

    /// `active` no longer occupies the connection: its body source closes, its room goes back to the pool, and
    /// queued exchanges may open.
    func ended(_ active: HTTP2Stream) {
        active.bodyPump?.close()
        active.bodyPump = nil
        guard streams.removeValue(forKey: active.id) != nil else { return }
        if streams.isEmpty { idleSince = MonotonicClock.now() }
        pool.exchangeFinished(on: self)
        openQueuedStreams()
        if goingAway, streams.isEmpty, queued.isEmpty { closeIfIdle() }
    }

    /// Tells `exchange`'s caller (or its body's reader) of `error`. `unprocessed`: the server never saw the
    /// request, so the transport may send it again on a new connection. `streamReset`: the stream alone was
    /// reset on a live connection, which says nothing of a stale connection (only REFUSED_STREAM replays).
    func failed(_ exchange: Exchange, _ error: NetworkError, unprocessed: Bool, streamReset: Bool = false) {
        exchange.finishMetrics(failed: true, handler: settings.metricsHandler)
        guard exchange.headContinuation != nil else {
            exchange.stream?.finish(error)
            return
        }
        // A reused connection the server dropped before answering: as over HTTP/1.1, idempotent requests retry.
        let stale = unprocessed
            || (!streamReset && exchange.metrics.reusedConnection && !exchange.receivedResponseBytes && error != .cancelled && error.transportKind != .timedOut
                && exchange.isIdempotent)
        exchange.resumeHead(throwing: stale ? StaleConnection(underlying: error, retryable: true, unprocessed: unprocessed) : error)
    }
}

extension HTTPHeaders {
    /// These fields plus `content-length` when the body's length is known (HTTP/2 frames the body itself, but
    /// servers use the length to plan), unless one is set already.
    func adding(contentLength: Int64?, hasBody: Bool) -> HTTPHeaders {
        guard hasBody, let contentLength, !contains("Content-Length") else { return self }
        var headers = self
        headers.add(name: "Content-Length", value: String(contentLength))
        return headers
    }
}
#endif

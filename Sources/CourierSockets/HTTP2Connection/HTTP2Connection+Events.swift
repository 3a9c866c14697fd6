#if os(Linux)
import CourierHTTP
import Foundation

/// Reading: socket bytes through the state machine, and its events acted on in order — response heads through
/// HPACK to the waiting callers, body bytes to the readers, ends, resets, SETTINGS and GOAWAY.
extension HTTP2Connection {
    /// Runs `command` on the state machine, queues the bytes it wrote and acts on its events (which may run
    /// further commands). The caller flushes.
    func drive(_ command: (inout HTTP2ConnectionStateMachine, inout HTTP2Output) -> Void) {
        command(&machine, &out)
        guard !out.bytes.isEmpty || !out.events.isEmpty else { return }
        stream.enqueue(out.bytes)
        let events = out.events
        out.clear()
        handle(events)
    }

    /// Bytes arrived. What they call for is written once the loop has handled this round's other events.
    func streamReceived(_ bytes: UnsafeRawBufferPointer) {
        guard !closed else { return }
        drive { machine, out in machine.receive(bytes, into: &out) }
        stream.flushSoon()
    }

    func handle(_ event: HTTP2Event) {
        switch event {
        case .headerBlock(let id, let block, let role): receiveHeaderBlock(block, role: role, on: id)
        case .data(let id, let bytes): receiveData(Data(bytes), on: id)
        case .streamEnded(let id): if let active = streams[id] { complete(active) }
        case .streamReset(let id, let error): if let active = streams[id] { reset(active, error) }
        case .streamWritable(let id): if let active = streams[id] { sendBody(of: active) }
        case .settingsChanged(let settings): apply(settings)
        case .pingAcknowledged: pingAnswered()
        case .goAway(let goAway): receiveGoAway(goAway)
        case .connectionError(let error): stream.flush(); stream.close(error.networkError)
        }
    }

    /// Decodes every block in order (HPACK's table depends on it); a response head goes to its caller, with
    /// `body` when the whole body and the stream's end arrived with it. Returns whether `body` was taken.
    @discardableResult
    func receiveHeaderBlock(_ block: [UInt8], role: HTTP2HeaderBlockRole, on id: UInt32, body: Data? = nil) -> Bool {
        // The server answered, even if the block fails below: the request is not replayed as if it never had.
        if role != .discard { streams[id]?.exchange.receivedResponseBytes = true }
        let fields: [HPACKHeaderField]
        do {
            fields = try decoder.decode(block)
        } catch {
            drive { machine, out in machine.failConnection(.connection(.compressionError, error.description), into: &out) }
            return false
        }
        guard let active = streams[id], role != .discard else { return false }
        if active.exchange.metrics.firstByte == nil { active.exchange.metrics.firstByte = active.exchange.elapsed() }
        let limits = settings.limits
        do {
            if role == .trailers || active.headDelivered {
                let trailers = try HTTP2HeaderRules.trailers(fields, maximumCount: limits.maximumHeaderCount)
                if !trailers.isEmpty { active.exchange.metricsRecorder.record(trailers: trailers) }
                return false
            }
            let (status, headers) = try HTTP2HeaderRules.response(fields, maximumCount: limits.maximumHeaderCount)
            if (100..<200).contains(status) {
                try receiveInterim(status, on: active)
                return false
            }
            stopWaitingForContinue(active, send: false)
            deliverHead(status: status, headers: headers, body: body, of: active)
            return body != nil
        } catch {
            // Reset (the machine reports it, failing the exchange), unless the stream already ended in the same read.
            let failure = HTTP2Error.stream(id, .protocolError, "\(error)")
            drive { machine, out in machine.resetStream(id, failure, into: &out) }
            guard streams[id] === active else { return false }
            ended(active)
            failed(active.exchange, failure.networkError, unprocessed: false)
            return false
        }
    }

    /// An interim head: `100 Continue` sends the body that waited for it; the final head follows (at most
    /// `maximumInterimResponses` of them, as over HTTP/1.1).
    private func receiveInterim(_ status: Int, on active: HTTP2Stream) throws(HTTP2HeaderListError) {
        active.interimResponses += 1
        let limit = settings.limits.maximumInterimResponses
        guard active.interimResponses <= limit else {
            throw HTTP2HeaderListError(.tooManyFields, "the response has more than \(limit) interim (1xx) heads")
        }
        if status == 100 { stopWaitingForContinue(active, send: true) }
    }

    /// The body stops waiting for `100 Continue`: it goes now (`send`), or never (a final answer came first;
    /// the stream is reset when the response ends).
    func stopWaitingForContinue(_ active: HTTP2Stream, send: Bool) {
        guard active.continueDeadline != nil else { return }
        active.continueDeadline = nil
        if send {
            sendBody(of: active)
        } else {
            active.bodyPump?.close()
            active.bodyPump = nil
            active.pending = Data()
            active.pendingIsLast = false
        }
    }

    /// The final head to its caller: with a whole `body`, as a response in memory resumed after the loop's round
    /// (the stream complete and its room back in the pool first, as over HTTP/1.1); else with a body stream.
    private func deliverHead(status: Int, headers: HTTPHeaders, body: Data?, of active: HTTP2Stream) {
        let exchange = active.exchange
        if let body { drive { machine, out in machine.consumed(streamID: active.id, bytes: body.count, into: &out) } }
        let response: HTTPResponse
        do {
            response = try exchange.response(
                status: status, headers: headers, bufferedBody: body, stream: bodyStream(for: active),
                decompression: settings.decompression)
        } catch {
            abandon(active, failing: error)
            return
        }
        active.headDelivered = true
        let continuation = exchange.headContinuation
        exchange.headContinuation = nil
        guard body != nil else {
            continuation?.resume(returning: response)
            return
        }
        complete(active)
        if let continuation { loop.deliverAfterRound(continuation, response) }
    }

    /// The reader's buffer: taking bytes from a full one returns their window credit; cancelling resets the
    /// stream. Its callbacks hold the stream weakly: the exchange holds the buffer, and the stream the exchange
    /// (a strong hold leaked every streamed exchange, about 1.8 KB a request); a stream that ended has nothing
    /// left to resume or reset.
    private func bodyStream(for active: HTTP2Stream) -> ResponseBodyStream {
        let loop = self.loop
        return ResponseBodyStream(
            resume: { [weak self, weak active] in
                guard let self, let active else { return }
                loop.execute { self.readerResumed(active) }
            },
            onCancel: { [weak self, weak active] in
                guard let self, let active else { return }
                loop.execute { self.readerGaveUp(active) }
            }
        )
    }

    /// Body bytes: to the reader, and their credit back to the server at once unless the reader is full.
    func receiveData(_ bytes: Data, on id: UInt32) {
        guard let active = streams[id], active.headDelivered else {
            drive { machine, out in
                machine.consumed(streamID: id, bytes: bytes.count, into: &out)
                machine.resetStream(id, .stream(id, .protocolError, "DATA before the response head"), into: &out)
            }
            return
        }
        do {
            let wantsMore = try active.exchange.receiveBody(bytes)
            if wantsMore, active.heldBytes == 0 {
                drive { machine, out in machine.consumed(streamID: id, bytes: bytes.count, into: &out) }
            } else {
                active.heldBytes += bytes.count
            }
        } catch {
            abandon(active, failing: error)
        }
    }

    /// The reader took enough of a full buffer: the window it held opens again.
    func readerResumed(_ active: HTTP2Stream) {
        guard active.heldBytes > 0 else { return }
        let held = active.heldBytes
        active.heldBytes = 0
        drive { machine, out in machine.consumed(streamID: active.id, bytes: held, into: &out) }
        stream.flush()
    }

    /// The reader dropped or cancelled the body before its end: the stream is reset; the connection lives on.
    func readerGaveUp(_ active: HTTP2Stream) {
        guard streams[active.id] === active else { return }
        abandon(active, failing: NetworkError.cancelled)
    }

    /// END_STREAM: the response is complete (a stream ending before its final head is malformed).
    private func complete(_ active: HTTP2Stream) {
        let exchange = active.exchange
        guard active.headDelivered else {
            ended(active)
            failed(exchange, HTTP2Error.stream(active.id, .protocolError, "the stream ended without a response head").networkError, unprocessed: false)
            return
        }
        do {
            try exchange.finishBody()
        } catch {
            abandon(active, failing: error)
            return
        }
        if !active.requestEnded {
            // The server answered before the whole body went out: the rest is not sent.
            drive { machine, out in machine.cancelStream(active.id, into: &out) }
        }
        exchange.finishMetrics(failed: false, handler: settings.metricsHandler)
        // The held credit goes back when the reader takes the bytes; the stream is over for the machine.
        let held = active.heldBytes
        active.heldBytes = 0
        if held > 0 { drive { machine, out in machine.consumed(streamID: active.id, bytes: held, into: &out) } }
        ended(active)
        exchange.stream?.finish()
    }

    /// The stream was reset: a refused one was never processed (the transport sends it again elsewhere).
    private func reset(_ active: HTTP2Stream, _ error: HTTP2Error) {
        let held = active.heldBytes
        active.heldBytes = 0
        if held > 0 { drive { machine, out in machine.consumed(streamID: active.id, bytes: held, into: &out) } }
        ended(active)
        failed(active.exchange, error.networkError, unprocessed: error.isUnprocessed, streamReset: true)
    }

    private func apply(_ settings: HTTP2Settings) {
        encoder.setMaxTableSize(Int(settings.headerTableSize))
        let capacity = settings.maxConcurrentStreams.map { min(Int($0), Self.streamCap) } ?? Self.streamCap
        if inPool { pool.connection(self, canCarry: capacity) }
        openQueuedStreams()
    }

    /// GOAWAY: no new streams here; those the server did not process are sent again on a new connection, the
    /// rest may finish.
    private func receiveGoAway(_ goAway: HTTP2GoAway) {
        goingAway = true
        leavePool()
        let error = HTTP2Error(goAway.code, .connection, sentByPeer: true, String(decoding: goAway.debugData, as: UTF8.self))
        for id in goAway.unprocessedStreamIDs {
            guard let active = streams[id] else { continue }
            ended(active)
            failed(active.exchange, error.networkError, unprocessed: true)
        }
        let waiting = queued
        queued.removeAll()
        for exchange in waiting { failed(exchange, error.networkError, unprocessed: true) }
        if streams.isEmpty { closeIfIdle() }
    }
}
#endif

/// Streams: opening and cancelling ours, and the server's HEADERS, CONTINUATION, DATA and RST_STREAM on them
/// (RFC 9113 §5.1, §6.1-§6.4, §6.10).
extension HTTP2ConnectionStateMachine {
    /// Where a stream the server names is, from our side.
    enum StreamStatus {
        /// One of ours, open or half-closed.
        case open
        /// Never opened: an even (server) identifier, or an odd one we have not used yet.
        case idle
        /// Closed; `resetByUs` when we reset it lately, so frames still in flight are ignored.
        case closed(resetByUs: Bool)
    }

    func status(of id: UInt32) -> StreamStatus {
        if streams[id] != nil { return .open }
        if id % 2 == 0 || id >= nextStreamID { return .idle }
        return .closed(resetByUs: recentlyReset.contains(id))
    }

    /// Whether a new stream may open now: the connection is open, no GOAWAY came, the server's
    /// MAX_CONCURRENT_STREAMS is not reached and stream identifiers remain. Otherwise queue the request
    /// (and look again after a stream ends or `.settingsChanged`), or use another connection after `.goAway`.
    package var canOpenStream: Bool {
        guard state == .open, goAwayLastStreamID == nil, nextStreamID <= 0x7FFF_FFFF else { return false }
        guard let maximum = peerSettings.maxConcurrentStreams else { return true }
        return UInt32(clamping: streams.count) < maximum
    }

    /// Opens a stream: writes the request's field block as HEADERS (and CONTINUATION frames, split to the
    /// server's MAX_FRAME_SIZE), with END_STREAM when no body follows.
    /// - Returns: the new stream's identifier, or nil when `canOpenStream` is false.
    package mutating func openStream(headerBlock block: [UInt8], endStream: Bool, into output: inout HTTP2Output) -> UInt32? {
        guard canOpenStream else { return nil }
        let id = nextStreamID
        nextStreamID += 2
        streams[id] = HTTP2StreamState(
            sendWindow: Int64(peerSettings.initialWindowSize), receiveWindow: Int64(limits.streamWindow), localClosed: endStream
        )
        HTTP2FrameEncoder.encodeHeaderBlock(
            streamID: id, block: block, endStream: endStream, maximumFrameSize: Int(peerSettings.maxFrameSize), into: &output.bytes
        )
        return id
    }

    /// Abandons a stream (the task was cancelled, or the response is not wanted): RST_STREAM with CANCEL.
    /// Nothing is reported for it afterwards. Body bytes already delivered must still be reported with
    /// `consumed` when they are dropped.
    package mutating func cancelStream(_ id: UInt32, into output: inout HTTP2Output) {
        guard state == .open, streams.removeValue(forKey: id) != nil else { return }
        HTTP2FrameEncoder.encode(.rstStream(streamID: id, code: .cancel), into: &output.bytes)
        recentlyReset.insert(id)
    }

    /// Resets a stream on which the server broke the rules (RST_STREAM with the error's code) and reports it
    /// as `.streamReset`. The connection layer calls it for stream errors found above the frames, e.g. a
    /// malformed response head (PROTOCOL_ERROR, RFC 9113 §8.1.1).
    package mutating func resetStream(_ id: UInt32, _ error: HTTP2Error, into output: inout HTTP2Output) {
        guard state == .open, streams.removeValue(forKey: id) != nil else { return }
        HTTP2FrameEncoder.encode(.rstStream(streamID: id, code: error.code), into: &output.bytes)
        recentlyReset.insert(id)
        output.events.append(.streamReset(streamID: id, error: error))
    }

    /// The server ended its side; the stream closes when ours is ended too.
    mutating func remoteEnded(_ id: UInt32, into output: inout HTTP2Output) {
        streams[id]?.remoteClosed = true
        output.events.append(.streamEnded(streamID: id))
        if streams[id]?.localClosed == true { streams[id] = nil }
    }

    mutating func receiveHeaders(
        streamID id: UInt32, block: [UInt8], endStream: Bool, endHeaders: Bool, into output: inout HTTP2Output
    ) throws(HTTP2Error) {
        guard endHeaders else {
            headerBlock = HTTP2PendingHeaderBlock(streamID: id, bytes: block, endStream: endStream)
            try checkHeaderBlockSize(block.count)
            return
        }
        try headerBlockComplete(streamID: id, block: block, endStream: endStream, into: &output)
    }

    mutating func receiveContinuation(streamID id: UInt32, block: [UInt8], endHeaders: Bool, into output: inout HTTP2Output) throws(HTTP2Error) {
        guard var pending = headerBlock, pending.streamID == id else {
            throw .connection(.protocolError, "CONTINUATION on stream \(id) without a field block in progress")
        }
        headerBlock = nil  // so appending below does not copy the bytes
        pending.continuationFrames += 1
        guard pending.continuationFrames <= limits.maximumContinuationFrames else {
            throw .connection(.enhanceYourCalm, "a field block in over \(limits.maximumContinuationFrames) CONTINUATION frames")
        }
        try checkHeaderBlockSize(pending.bytes.count + block.count)
        pending.bytes.append(contentsOf: block)
        guard endHeaders else {
            headerBlock = pending
            return
        }
        try headerBlockComplete(streamID: id, block: pending.bytes, endStream: pending.endStream, into: &output)
    }

    private func checkHeaderBlockSize(_ size: Int) throws(HTTP2Error) {
        guard size <= limits.maximumHeaderBlockBytes else {
            throw .connection(.enhanceYourCalm, "a field block over \(limits.maximumHeaderBlockBytes) octets")
        }
    }

    private mutating func headerBlockComplete(
        streamID id: UInt32, block: [UInt8], endStream: Bool, into output: inout HTTP2Output
    ) throws(HTTP2Error) {
        switch status(of: id) {
        case .idle: throw .connection(.protocolError, "HEADERS on idle stream \(id)")
        case .closed(resetByUs: false): throw .connection(.streamClosed, "HEADERS on closed stream \(id)")
        case .closed(resetByUs: true):
            output.events.append(.headerBlock(streamID: id, block: block, role: .discard))
            try flood.count(.empty, limits: limits)
        case .open:
            let stream = streams[id]!
            let role: HTTP2HeaderBlockRole = stream.receivedData ? .trailers : .response
            guard !stream.remoteClosed, role == .response || endStream else {
                output.events.append(.headerBlock(streamID: id, block: block, role: .discard))
                throw stream.remoteClosed
                    ? .stream(id, .streamClosed, "HEADERS after END_STREAM")
                    : .stream(id, .protocolError, "trailers without END_STREAM")
            }
            output.events.append(.headerBlock(streamID: id, block: block, role: role))
            streams[id]!.receivedHeaders = true
            flood.progress()
            if endStream { remoteEnded(id, into: &output) }
        }
    }

    mutating func receiveData(
        streamID id: UInt32, bytes: [UInt8], endStream: Bool, length: Int, into output: inout HTTP2Output
    ) throws(HTTP2Error) {
        guard Int64(length) <= connectionReceiveWindow else {
            throw .connection(.flowControlError, "DATA of \(length) octets beyond the connection window of \(connectionReceiveWindow)")
        }
        connectionReceiveWindow -= Int64(length)
        switch status(of: id) {
        case .idle: throw .connection(.protocolError, "DATA on idle stream \(id)")
        case .closed(resetByUs: false): throw .connection(.streamClosed, "DATA on closed stream \(id)")
        case .closed(resetByUs: true):
            creditConnection(Int64(length), into: &output)
            try flood.count(.empty, limits: limits)
        case .open:
            try acceptData(streamID: id, bytes: bytes, endStream: endStream, length: Int64(length), into: &output)
        }
    }

    private mutating func acceptData(
        streamID id: UInt32, bytes: [UInt8], endStream: Bool, length: Int64, into output: inout HTTP2Output
    ) throws(HTTP2Error) {
        let stream = streams[id]!
        let violation: HTTP2Error? =
            if stream.remoteClosed { .stream(id, .streamClosed, "DATA after END_STREAM") }
            else if length > stream.receiveWindow { .stream(id, .flowControlError, "DATA of \(length) octets beyond the stream window of \(stream.receiveWindow)") }
            else if !stream.receivedHeaders { .stream(id, .protocolError, "DATA before the response head") }
            else { nil }
        if let violation {
            creditConnection(length, into: &output)
            throw violation
        }
        let padding = length - Int64(bytes.count)
        streams[id]!.receiveWindow -= length
        streams[id]!.receivedData = true
        if padding > 0 {
            creditConnection(padding, into: &output)
            creditStream(id, padding, into: &output)
        }
        if !bytes.isEmpty {
            streams[id]!.unconsumed += Int64(bytes.count)
            connectionUnconsumed += Int64(bytes.count)
            output.events.append(.data(streamID: id, bytes: bytes))
            flood.progress()
        } else if !endStream {
            try flood.count(.empty, limits: limits)
        }
        if endStream { remoteEnded(id, into: &output) }
    }

    mutating func receiveReset(streamID id: UInt32, code: HTTP2ErrorCode, into output: inout HTTP2Output) throws(HTTP2Error) {
        switch status(of: id) {
        case .idle: throw .connection(.protocolError, "RST_STREAM on idle stream \(id)")
        case .closed: try flood.count(.empty, limits: limits)
        case .open:
            streams[id] = nil
            output.events.append(.streamReset(streamID: id, error: HTTP2Error(code, .stream(id), sentByPeer: true, "")))
            try flood.count(.reset, limits: limits)
        }
    }
}

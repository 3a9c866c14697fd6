/// The client side of one HTTP/2 connection (RFC 9113) as a pure state machine: received bytes and local
/// commands in, bytes to write and events out (`HTTP2Output`). No sockets, no clocks, no HPACK: field blocks
/// pass through as opaque bytes, in the order HPACK must decode them.
///
/// Use: `start(into:)` once (preface, SETTINGS, connection window), then `receive(_:into:)` for every read and
/// the commands as the exchanges need them (`openStream`, `sendData`, `consumed`, `cancelStream`, `ping`).
/// After each call write `output.bytes` and handle `output.events` in order. Flow control is driven by the
/// reader: windows reopen only as `consumed` reports body bytes read or dropped, so a reader that stops
/// stops the server. After `.connectionError` the machine is closed and ignores everything.
///
/// Split by concern: streams and field blocks (`+Streams`), flow control (`+FlowControl`), SETTINGS,
/// PING and GOAWAY (`+Control`).
package struct HTTP2ConnectionStateMachine: Sendable {
    /// Where the connection is.
    package enum State: Hashable, Sendable {
        /// Created; `start(into:)` not yet called.
        case idle
        /// Preface sent; streams may open.
        case open
        /// A connection error, or our GOAWAY: nothing more happens.
        case closed
    }

    /// What we announce and accept.
    package let limits: HTTP2Limits
    /// Where the connection is.
    package internal(set) var state = State.idle
    /// The server's settings (the RFC defaults until its SETTINGS arrive).
    package internal(set) var peerSettings = HTTP2Settings()
    /// The last-stream-id of the server's GOAWAY, once one came: no new streams after it.
    package internal(set) var goAwayLastStreamID: UInt32?

    var decoder: HTTP2FrameDecoder
    var streams: [UInt32: HTTP2StreamState] = [:]
    var nextStreamID: UInt32 = 1
    var recentlyReset = HTTP2RecentlyResetStreams()
    var headerBlock: HTTP2PendingHeaderBlock?
    var receivedPeerPreface = false
    var unacknowledgedSettings = 0
    var outstandingPings: [UInt64] = []
    var flood = HTTP2FloodGuard()
    /// What we may still send on the connection.
    var connectionSendWindow: Int64 = 65_535
    /// What the server may still send on the connection.
    var connectionReceiveWindow: Int64 = 65_535
    /// Bytes delivered on any stream and not yet reported consumed.
    var connectionUnconsumed: Int64 = 0
    /// Consumed (or discarded) bytes not yet returned in a connection WINDOW_UPDATE.
    var connectionPendingCredit: Int64 = 0

    /// A machine for a new connection.
    package init(limits: HTTP2Limits = HTTP2Limits()) {
        self.limits = limits
        self.decoder = HTTP2FrameDecoder(maximumFrameSize: limits.maximumFrameSize)
    }

    /// Whether the server has not yet acknowledged our SETTINGS (the connection layer may time it out with
    /// SETTINGS_TIMEOUT through `failConnection`).
    package var isAwaitingSettingsAcknowledgement: Bool { unacknowledgedSettings > 0 }

    /// The streams open now (half-closed ones included), which count against MAX_CONCURRENT_STREAMS.
    package var openStreamCount: Int { streams.count }

    /// Writes the client preface, our SETTINGS (push off, our windows and limits) and a connection
    /// WINDOW_UPDATE up to our connection window.
    package mutating func start(into output: inout HTTP2Output) {
        guard state == .idle else { return }
        state = .open
        output.bytes.append(contentsOf: HTTP2FrameDecoder.clientPreface)
        HTTP2FrameEncoder.encode(.settings(ack: false, limits.announcedSettings.nonDefaultSettings), into: &output.bytes)
        unacknowledgedSettings += 1
        let raise = Int64(limits.connectionWindow) - connectionReceiveWindow
        if raise > 0 {
            HTTP2FrameEncoder.encode(.windowUpdate(streamID: 0, increment: UInt32(raise)), into: &output.bytes)
            connectionReceiveWindow += raise
        }
    }

    /// Takes bytes read from the connection and acts on every complete frame in them.
    package mutating func receive(_ bytes: UnsafeRawBufferPointer, into output: inout HTTP2Output) {
        guard state != .closed else { return }
        decoder.append(bytes)
        while state != .closed {
            do throws(HTTP2Error) {
                guard let frame = try decoder.nextFrame() else { return }
                try process(frame, into: &output)
            } catch {
                handle(error, into: &output)
            }
        }
    }

    /// Acts on one frame (as `receive(_:into:)` does for each decoded one).
    package mutating func receive(_ frame: HTTP2Frame, into output: inout HTTP2Output) {
        guard state != .closed else { return }
        do throws(HTTP2Error) {
            try process(frame, into: &output)
        } catch {
            handle(error, into: &output)
        }
    }

    /// Ends a connection we no longer need: GOAWAY with NO_ERROR, then the machine is closed. Call it when
    /// no stream is open.
    package mutating func close(into output: inout HTTP2Output) {
        guard state == .open else { return }
        HTTP2FrameEncoder.encode(.goAway(lastStreamID: 0, code: .noError, debugData: []), into: &output.bytes)
        state = .closed
    }

    private mutating func process(_ frame: HTTP2Frame, into output: inout HTTP2Output) throws(HTTP2Error) {
        if !receivedPeerPreface {
            switch frame {
            case .settings(ack: false, _): receivedPeerPreface = true
            case .goAway: break  // a server refusing at once (e.g. HTTP_1_1_REQUIRED): its reason is the better report
            default: throw .connection(.protocolError, "the server's first frame is not SETTINGS")
            }
        }
        if let headerBlock {
            guard case .continuation = frame else {
                throw .connection(.protocolError, "a frame inside the field block of stream \(headerBlock.streamID)")
            }
        }
        switch frame {
        case .data(let id, let bytes, let endStream, _):
            try receiveData(streamID: id, bytes: bytes, endStream: endStream, length: frame.flowControlledLength, into: &output)
        case .headers(let id, let block, let endStream, let endHeaders, _, _):
            try receiveHeaders(streamID: id, block: block, endStream: endStream, endHeaders: endHeaders, into: &output)
        case .continuation(let id, let block, let endHeaders):
            try receiveContinuation(streamID: id, block: block, endHeaders: endHeaders, into: &output)
        case .rstStream(let id, let code): try receiveReset(streamID: id, code: code, into: &output)
        case .settings(let ack, let settings): try receiveSettings(ack: ack, settings, into: &output)
        case .ping(let ack, let opaque): try receivePing(ack: ack, opaque: opaque, into: &output)
        case .goAway(let last, let code, let debugData): receiveGoAway(lastStreamID: last, code: code, debugData, into: &output)
        case .windowUpdate(let id, let increment): try receiveWindowUpdate(streamID: id, increment: increment, into: &output)
        case .pushPromise: throw .connection(.protocolError, "PUSH_PROMISE, though push is disabled")
        case .priority, .unknown: try flood.count(.empty, limits: limits)
        }
    }

    /// A connection error ends the connection; a stream error resets the stream when it is open (a frame
    /// the decoder refused on any other stream is ignored, counted as one that does nothing).
    private mutating func handle(_ error: HTTP2Error, into output: inout HTTP2Output) {
        switch error.scope {
        case .connection:
            failConnection(error, into: &output)
        case .stream(let id):
            if headerBlock != nil || !receivedPeerPreface {
                failConnection(.connection(.protocolError, "\(error.message) where CONTINUATION or SETTINGS was due"), into: &output)
            } else if streams[id] != nil {
                resetStream(id, error, into: &output)
            } else {
                do throws(HTTP2Error) { try flood.count(.empty, limits: limits) } catch { failConnection(error, into: &output) }
            }
        }
    }

    /// Ends the connection with a connection error: GOAWAY with the error's code, `.connectionError`, and the
    /// machine closes. The connection layer calls it for errors found above the frames, e.g. a field block
    /// HPACK cannot decode (COMPRESSION_ERROR).
    package mutating func failConnection(_ error: HTTP2Error, into output: inout HTTP2Output) {
        guard state != .closed else { return }
        let debugData = Array(error.message.utf8.prefix(256))
        HTTP2FrameEncoder.encode(.goAway(lastStreamID: 0, code: error.code, debugData: debugData), into: &output.bytes)
        output.events.append(.connectionError(error))
        state = .closed
        streams.removeAll()
        headerBlock = nil
    }
}

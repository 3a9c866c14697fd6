/// Flow control (RFC 9113 §5.2, §6.9): request bodies within the server's windows, and our windows reopened
/// only as the reader consumes.
extension HTTP2ConnectionStateMachine {
    /// How many body bytes the stream may send now: the smaller of its window and the connection's, 0 when
    /// either is exhausted (or negative) or the stream cannot send.
    package func sendableBytes(streamID id: UInt32) -> Int {
        guard state == .open, let stream = streams[id], !stream.localClosed else { return 0 }
        return Int(max(0, min(connectionSendWindow, stream.sendWindow)))
    }

    /// Sends as much of `bytes` as the windows allow, as DATA frames split to the server's MAX_FRAME_SIZE,
    /// END_STREAM on the last when all was sent and `endStream` (an empty `bytes` with `endStream` just ends
    /// the stream). When not all was sent, `.streamWritable` comes once a window opens.
    /// - Returns: how many bytes were sent (0 when the stream is not open for sending).
    @discardableResult
    package mutating func sendData(
        streamID id: UInt32, bytes: UnsafeRawBufferPointer, endStream: Bool, into output: inout HTTP2Output
    ) -> Int {
        guard state == .open, var stream = streams[id], !stream.localClosed else { return 0 }
        let count = min(bytes.count, sendableBytes(streamID: id))
        let ends = endStream && count == bytes.count
        stream.sendBlocked = count < bytes.count
        guard count > 0 || ends else {
            streams[id] = stream
            return 0
        }
        HTTP2FrameEncoder.encodeData(
            streamID: id, bytes: UnsafeRawBufferPointer(rebasing: bytes[0..<count]), endStream: ends,
            maximumFrameSize: Int(peerSettings.maxFrameSize), into: &output.bytes
        )
        stream.sendWindow -= Int64(count)
        connectionSendWindow -= Int64(count)
        stream.localClosed = ends
        streams[id] = ends && stream.remoteClosed ? nil : stream
        return count
    }

    /// Reports that the reader consumed (or dropped) `bytes` of the body delivered for the stream; once half
    /// a window is owed, WINDOW_UPDATEs return it to the server. Call it for every delivered byte, also for
    /// streams that have since ended, been reset or cancelled. Over-reporting is ignored.
    package mutating func consumed(streamID id: UInt32, bytes: Int, into output: inout HTTP2Output) {
        guard state == .open, bytes > 0 else { return }
        let count = min(Int64(bytes), connectionUnconsumed)
        connectionUnconsumed -= count
        creditConnection(count, into: &output)
        guard let stream = streams[id] else { return }
        let streamCount = min(count, stream.unconsumed)
        streams[id]!.unconsumed -= streamCount
        creditStream(id, streamCount, into: &output)
    }

    /// Returns received bytes to the connection window, with a WINDOW_UPDATE once half the window is owed.
    mutating func creditConnection(_ count: Int64, into output: inout HTTP2Output) {
        connectionPendingCredit += count
        guard connectionPendingCredit > 0, connectionPendingCredit >= Int64(limits.connectionWindow / 2) else { return }
        HTTP2FrameEncoder.encode(.windowUpdate(streamID: 0, increment: UInt32(connectionPendingCredit)), into: &output.bytes)
        connectionReceiveWindow += connectionPendingCredit
        connectionPendingCredit = 0
    }

    /// Returns received bytes to a stream's window while the server may still send on it.
    mutating func creditStream(_ id: UInt32, _ count: Int64, into output: inout HTTP2Output) {
        guard var stream = streams[id], !stream.remoteClosed else { return }
        stream.pendingCredit += count
        if stream.pendingCredit > 0, stream.pendingCredit >= Int64(limits.streamWindow / 2) {
            HTTP2FrameEncoder.encode(.windowUpdate(streamID: id, increment: UInt32(stream.pendingCredit)), into: &output.bytes)
            stream.receiveWindow += stream.pendingCredit
            stream.pendingCredit = 0
        }
        streams[id] = stream
    }

    mutating func receiveWindowUpdate(streamID id: UInt32, increment: UInt32, into output: inout HTTP2Output) throws(HTTP2Error) {
        let maximum = Int64(HTTP2Settings.maximumWindowSize)
        guard id != 0 else {
            connectionSendWindow += Int64(increment)
            guard connectionSendWindow <= maximum else {
                throw .connection(.flowControlError, "the connection window grew past 2^31-1")
            }
            wakeBlockedStreams(into: &output)
            return
        }
        switch status(of: id) {
        case .idle: throw .connection(.protocolError, "WINDOW_UPDATE on idle stream \(id)")
        case .closed: try flood.count(.empty, limits: limits)
        case .open:
            streams[id]!.sendWindow += Int64(increment)
            guard streams[id]!.sendWindow <= maximum else {
                throw .stream(id, .flowControlError, "the stream window grew past 2^31-1")
            }
            wake(id, into: &output)
        }
    }

    /// Moves every stream's send window by a change of the server's INITIAL_WINDOW_SIZE (RFC 9113 §6.9.2);
    /// windows may go negative.
    /// - Throws: FLOW_CONTROL_ERROR when a window would pass 2^31-1.
    mutating func shiftStreamWindows(by delta: Int64) throws(HTTP2Error) {
        guard delta != 0 else { return }
        for id in streams.keys {
            streams[id]!.sendWindow += delta
            guard streams[id]!.sendWindow <= Int64(HTTP2Settings.maximumWindowSize) else {
                throw .connection(.flowControlError, "SETTINGS_INITIAL_WINDOW_SIZE grew stream \(id)'s window past 2^31-1")
            }
        }
    }

    /// Reports `.streamWritable` for each held-back stream that may send again, in stream order.
    mutating func wakeBlockedStreams(into output: inout HTTP2Output) {
        for id in streams.keys.filter({ streams[$0]!.sendBlocked }).sorted() { wake(id, into: &output) }
    }

    /// Reports `.streamWritable` when the stream was held back and may send again.
    private mutating func wake(_ id: UInt32, into output: inout HTTP2Output) {
        guard streams[id]?.sendBlocked == true, sendableBytes(streamID: id) > 0 else { return }
        streams[id]!.sendBlocked = false
        output.events.append(.streamWritable(streamID: id))
    }
}

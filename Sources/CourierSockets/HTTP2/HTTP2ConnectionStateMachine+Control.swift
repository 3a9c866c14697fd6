/// The connection's control frames: SETTINGS (RFC 9113 §6.5), PING (§6.7) and GOAWAY (§6.8).
extension HTTP2ConnectionStateMachine {
    /// The most of our PINGs awaiting an answer at once.
    static let maximumOutstandingPings = 8

    /// Sends a PING (to check an idle connection is alive); `.pingAcknowledged(opaque)` reports the answer.
    /// - Returns: false when the connection is not open or too many PINGs are unanswered.
    @discardableResult
    package mutating func ping(opaque: UInt64, into output: inout HTTP2Output) -> Bool {
        guard state == .open, outstandingPings.count < Self.maximumOutstandingPings else { return false }
        outstandingPings.append(opaque)
        HTTP2FrameEncoder.encode(.ping(ack: false, opaque: opaque), into: &output.bytes)
        return true
    }

    mutating func receiveSettings(ack: Bool, _ settings: [HTTP2Setting], into output: inout HTTP2Output) throws(HTTP2Error) {
        if ack {
            if unacknowledgedSettings > 0 { unacknowledgedSettings -= 1 } else { try flood.count(.empty, limits: limits) }
            return
        }
        try flood.count(.settings, limits: limits)
        var updated = peerSettings
        for setting in settings {
            if setting.identifier == HTTP2Settings.Parameter.enablePush.rawValue, setting.value == 1 {
                throw .connection(.protocolError, "the server sent SETTINGS_ENABLE_PUSH 1")
            }
            try updated.apply(setting)
        }
        let delta = Int64(updated.initialWindowSize) - Int64(peerSettings.initialWindowSize)
        try shiftStreamWindows(by: delta)
        peerSettings = updated
        HTTP2FrameEncoder.encode(.settings(ack: true, []), into: &output.bytes)
        output.events.append(.settingsChanged(updated))
        if delta > 0 { wakeBlockedStreams(into: &output) }
    }

    mutating func receivePing(ack: Bool, opaque: UInt64, into output: inout HTTP2Output) throws(HTTP2Error) {
        guard ack else {
            try flood.count(.ping, limits: limits)
            HTTP2FrameEncoder.encode(.ping(ack: true, opaque: opaque), into: &output.bytes)
            return
        }
        guard let index = outstandingPings.firstIndex(of: opaque) else {
            try flood.count(.empty, limits: limits)
            return
        }
        outstandingPings.remove(at: index)
        output.events.append(.pingAcknowledged(opaque: opaque))
    }

    /// No new streams from now on; ours above the last-stream-id were not processed and are handed back for
    /// replay, the others may finish. A later GOAWAY may only lower the last-stream-id.
    mutating func receiveGoAway(lastStreamID: UInt32, code: HTTP2ErrorCode, _ debugData: [UInt8], into output: inout HTTP2Output) {
        let last = min(lastStreamID, goAwayLastStreamID ?? lastStreamID)
        goAwayLastStreamID = last
        let unprocessed = streams.keys.filter { $0 > last }.sorted()
        for id in unprocessed { streams[id] = nil }
        output.events.append(
            .goAway(HTTP2GoAway(lastStreamID: last, code: code, debugData: debugData, unprocessedStreamIDs: unprocessed))
        )
    }
}

import CourierSockets
import Foundation

/// Our SETTINGS and the receive windows: what the client must keep to, from its acknowledgement of each SETTINGS
/// frame on (RFC 9113 §6.5.3), checked as its frames arrive.
extension HTTP2ServerConnection {
    /// Sends SETTINGS with `list` (`scripted`: a `changeSettings` fault, whose response waits for the
    /// acknowledgement). A larger MAX_FRAME_SIZE is accepted at once; the rest binds the client once it
    /// acknowledges.
    func sendSettings(_ list: [HTTP2Setting], scripted: Bool) {
        send(.settings(ack: false, list))
        unacknowledgedSettings.append((list, scripted))
        for setting in list {
            switch HTTP2Settings.Parameter(rawValue: setting.identifier) {
            case .maxFrameSize: frameDecoder.maximumFrameSize = max(frameDecoder.maximumFrameSize, Int(setting.value))
            case .maxConcurrentStreams: announcedMaxStreams = setting.value
            default: break
            }
        }
    }

    /// Sends the scripted SETTINGS changes the response threads asked for.
    func sendSettingsChanges() {
        for list in outbox.takeSettingsChanges() { sendSettings(list, scripted: true) }
    }

    /// The client acknowledged our oldest SETTINGS: every open stream's window moves by the change of
    /// INITIAL_WINDOW_SIZE (RFC 9113 §6.9.2), and the other values bind it from here on.
    func settingsAcknowledged() throws(HTTP2Error) {
        guard !unacknowledgedSettings.isEmpty else {
            throw .connection(.protocolError, "a SETTINGS acknowledgement when none was sent")
        }
        let (list, scripted) = unacknowledgedSettings.removeFirst()
        let window = Int64(acknowledgedSettings.initialWindowSize)
        for setting in list { try acknowledgedSettings.apply(setting) }
        let delta = Int64(acknowledgedSettings.initialWindowSize) - window
        for id in requests.keys { requests[id]?.window += delta }
        fieldDecoder.setMaxTableSize(Int(acknowledgedSettings.headerTableSize))
        let pending = unacknowledgedSettings.flatMap(\.list).filter { $0.identifier == HTTP2Settings.Parameter.maxFrameSize.rawValue }
        frameDecoder.maximumFrameSize = Int(pending.map(\.value).reduce(acknowledgedSettings.maxFrameSize, max))
        guard scripted else { return }
        if list.contains(where: { $0.identifier == HTTP2Settings.Parameter.maxConcurrentStreams.rawValue }) {
            enforcedMaxStreams = acknowledgedSettings.maxConcurrentStreams
        }
        outbox.settingsChangeAcknowledged()
    }

    /// Whether stream `id` may open with `open` streams already open: over an acknowledged scripted limit it is
    /// a protocol error; over the limit announced last, refused (the client may not have seen it yet).
    func admit(_ id: UInt32, open: Int) throws(HTTP2Error) {
        if let enforced = enforcedMaxStreams, open >= Int(enforced) {
            throw .stream(id, .protocolError, "over the acknowledged SETTINGS_MAX_CONCURRENT_STREAMS \(enforced)")
        }
        if let maximum = announcedMaxStreams, open >= Int(maximum) {
            throw .stream(id, .refusedStream, "over SETTINGS_MAX_CONCURRENT_STREAMS \(maximum)")
        }
    }

    /// DATA of `length` flow-controlled octets on stream `id`, counted against the windows (a connection error
    /// past the connection's, a stream error past the stream's), then credited back when the server sends
    /// WINDOW_UPDATEs.
    func receiveWindowUsed(streamID id: UInt32, length: Int, endStream: Bool) throws(HTTP2Error) {
        guard length > 0 else { return }
        receiveWindow -= Int64(length)
        guard receiveWindow >= 0 else {
            throw .connection(.flowControlError, "DATA of \(length) octets past the connection's window")
        }
        if let window = requests[id]?.window {
            guard window >= Int64(length) else {
                throw .stream(id, .flowControlError, "DATA of \(length) octets past stream \(id)'s window of \(window)")
            }
            requests[id]?.window = window - Int64(length)
        }
        guard settings.sendsWindowUpdates else { return }
        send(.windowUpdate(streamID: 0, increment: UInt32(length)))
        receiveWindow += Int64(length)
        if requests[id] != nil, !endStream {
            send(.windowUpdate(streamID: id, increment: UInt32(length)))
            requests[id]?.window += Int64(length)
        }
    }
}

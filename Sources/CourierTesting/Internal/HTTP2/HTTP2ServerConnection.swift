import CourierSockets
import Foundation

/// Serves one connection over HTTP/2 (RFC 9113) on the connection's thread: reads frames, assembles each
/// stream's request, records it, and starts a thread per stream that answers it through the `HTTP2Outbox`,
/// which this thread alone writes. Frames and HPACK are CourierSockets' codecs; the client-side state
/// machine does not fit the server role, so the few server rules live here.
final class HTTP2ServerConnection {
    /// A request still arriving.
    struct RequestStream {
        var fields: [HPACKHeaderField]
        var body = Data()
        var bodySize: Int64 = 0
        var trailers = MockHeaders()
        /// The request's place on the connection (`RecordedRequest.connectionSequenceNumber`).
        var sequence: Int
        /// What the client may still send on it before a WINDOW_UPDATE (negative after a shrink).
        var window: Int64
    }

    let connection: Connection
    let outbox: HTTP2Outbox
    private let wake: WakePipe
    var settings: MockWebServer.HTTP2 { connection.core.configuration.http2 }
    var frameDecoder = HTTP2FrameDecoder(expectsClientPreface: true)
    var fieldDecoder: HPACKDecoder
    var encoder = HPACKEncoder()
    var peerSettings = HTTP2Settings()
    var requests: [UInt32: RequestStream] = [:]
    /// A field block awaiting its CONTINUATION frames.
    var pendingBlock: (streamID: UInt32, bytes: [UInt8], endStream: Bool)?
    /// The highest stream the client opened.
    var lastStreamID: UInt32 = 0
    var streamCount = 0
    /// Our SETTINGS not yet acknowledged, oldest first, and whether each is a scripted change.
    var unacknowledgedSettings: [(list: [HTTP2Setting], scripted: Bool)] = []
    /// Our settings as the client acknowledged them.
    var acknowledgedSettings = HTTP2Settings()
    /// The MAX_CONCURRENT_STREAMS sent last, and the one a scripted change made binding.
    var announcedMaxStreams: UInt32?
    var enforcedMaxStreams: UInt32?
    /// What the client may still send on the connection before a WINDOW_UPDATE.
    var receiveWindow: Int64 = 65_535

    init?(_ connection: Connection) {
        guard let wake = WakePipe() else { return nil }
        self.connection = connection
        self.wake = wake
        self.outbox = HTTP2Outbox(wake: wake)
        self.fieldDecoder = HPACKDecoder(maxHeaderListSize: connection.core.configuration.maxHeaderBytes)
    }

    /// Serves the connection until it ends; says how to close it.
    func run() -> Connection.Next {
        defer { outbox.close() }
        var settingsList = [HTTP2Setting(.enablePush, 0), HTTP2Setting(.initialWindowSize, settings.initialWindowSize)]
        if let maximum = settings.maxConcurrentStreams { settingsList.append(HTTP2Setting(.maxConcurrentStreams, maximum)) }
        sendSettings(settingsList, scripted: false)
        if settings.sendsWindowUpdates {
            send(.windowUpdate(streamID: 0, increment: 1 << 24))
            receiveWindow += 1 << 24
        }
        let reader = connection.reader
        var idleSince = ContinuousClock.now
        while true {
            if let next = flush() { return next }
            if let last = outbox.goAwayLastStreamID, !requests.keys.contains(where: { $0 <= last }), outbox.openCount == 0 {
                return flush() ?? .closeGracefully  // the GOAWAY may have been queued since the flush above
            }
            if connection.core.lifecycle.isStopped { return .close }
            if reader.buffered == 0 {
                if !reader.hasPendingInput, !wake.poll(connection.fd, milliseconds: 500) {
                    if requests.isEmpty, outbox.openCount == 0 {
                        if ContinuousClock.now - idleSince > connection.core.configuration.idleTimeout { return .close }
                    } else {
                        idleSince = .now
                    }
                    continue
                }
                do {
                    try reader.fill(timeout: 0.2)
                } catch .timedOut {
                    continue
                } catch {
                    return .close
                }
            }
            idleSince = .now
            guard let bytes = try? reader.read(upTo: reader.buffered, timeout: 0) else { return .close }
            frameDecoder.append(Array(bytes))
            if let next = receiveFrames() { return next }
        }
    }

    /// Appends a frame to the output (written on the next `flush`).
    func send(_ frame: HTTP2Frame) {
        HTTP2FrameEncoder.encode(frame, into: &connection.output)
    }

    /// Writes what the outbox and this thread queued. Returns how the connection ends when it must.
    private func flush() -> Connection.Next? {
        sendSettingsChanges()
        let ending = outbox.take(into: &connection.output, encoder: &encoder, maxFrameSize: Int(peerSettings.maxFrameSize))
        if !connection.output.isEmpty, !connection.flush() { return .close }
        return ending
    }

    /// Acts on every complete frame received. Returns how the connection ends after a connection error.
    private func receiveFrames() -> Connection.Next? {
        while true {
            do throws(HTTP2Error) {
                guard let frame = try frameDecoder.nextFrame() else { return nil }
                try receive(frame)
            } catch {
                guard case .stream(let id) = error.scope, pendingBlock == nil else { return fail(error) }
                requests[id] = nil
                outbox.clientReset(id)
                send(.rstStream(streamID: id, code: error.code))
            }
        }
    }

    /// Ends the connection for a client's protocol error: GOAWAY with its code, and a record of it.
    func fail(_ error: HTTP2Error) -> Connection.Next {
        send(.goAway(lastStreamID: lastStreamID, code: error.code, debugData: Array(error.message.utf8.prefix(256))))
        _ = connection.flush()
        connection.core.recordMalformed(MalformedRequest(
            kind: .http2ProtocolError, detail: error.description, connectionID: connection.id, respondedStatus: nil
        ))
        return .closeGracefully
    }
}

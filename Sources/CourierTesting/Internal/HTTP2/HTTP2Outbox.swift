import CourierSockets
import Foundation

/// What one HTTP/2 connection of `MockWebServer` still has to send. Response threads queue each stream's
/// headers and body (paced as scripted); the connection thread alone encodes and writes them, within the
/// client's flow-control windows, so the HPACK encoder sees the field blocks in the order they are sent.
final class HTTP2Outbox: @unchecked Sendable {
    // @unchecked Sendable: every stored property below is read and written with `condition` locked.

    /// One thing a stream sends, in order.
    enum Item {
        case headers([HPACKHeaderField], endStream: Bool)
        case data(Data, endStream: Bool)
        case reset(HTTP2ErrorCode)
    }

    private struct Stream {
        var items: [Item] = []
        var queuedBytes = 0
        var window: Int64
    }

    /// The body bytes a stream may have queued before its response thread waits.
    private static let queueLimit = 256 * 1024

    private let condition = NSCondition()
    private let wake: WakePipe
    private var streams: [UInt32: Stream] = [:]
    private var control: [UInt8] = []
    private var connectionWindow: Int64 = 65_535
    private var initialWindow: Int64 = 65_535
    private var ending: Connection.Next?
    private var closed = false
    private var goAwayLast: UInt32?
    /// Scripted SETTINGS changes not yet sent, and how many were asked for and acknowledged by the client.
    private var settingsToSend: [[HTTP2Setting]] = []
    private var settingsAsked = 0
    private var settingsAcknowledged = 0

    init(wake: WakePipe) {
        self.wake = wake
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// Changes state and wakes both sides: waiting response threads and the polling connection thread.
    private func changing<T>(_ body: () -> T) -> T {
        let result = locked {
            defer { condition.broadcast() }
            return body()
        }
        wake.signal()
        return result
    }

    // MARK: Response threads

    /// Queues `item` on stream `id`, first waiting while the stream has much body queued. False when the
    /// stream or the connection is gone (the client reset it, or the connection ended).
    @discardableResult
    func send(_ item: Item, on id: UInt32) -> Bool {
        changing {
            while !closed, let stream = streams[id], stream.queuedBytes >= Self.queueLimit { condition.wait() }
            guard !closed, streams[id] != nil else { return false }
            if case .data(let bytes, _) = item { streams[id]?.queuedBytes += bytes.count }
            streams[id]?.items.append(item)
            return true
        }
    }

    /// Waits until everything queued on stream `id` was written. False when the stream or connection is gone
    /// first (a stream whose last item was written is gone too: true is returned only while it is open).
    func waitUntilWritten(_ id: UInt32) -> Bool {
        locked {
            while !closed, let stream = streams[id], !stream.items.isEmpty { condition.wait() }
            return !closed && streams[id] != nil
        }
    }

    /// Waits until stream `id` ends (all its response written, or reset by the client) or the connection does.
    func waitUntilGone(_ id: UInt32) {
        locked {
            while !closed, streams[id] != nil { condition.wait() }
        }
    }

    /// Queues bytes written as they are, ahead of every stream's next frame.
    func sendRaw(_ bytes: [UInt8]) {
        changing { control.append(contentsOf: bytes) }
    }

    /// Queues GOAWAY naming `lastStreamID` unless one was sent: streams above it stop answering, and the
    /// connection closes once the others have answered.
    func goAway(lastStreamID: UInt32, code: HTTP2ErrorCode) {
        changing {
            guard goAwayLast == nil else { return }
            goAwayLast = lastStreamID
            HTTP2FrameEncoder.encode(.goAway(lastStreamID: lastStreamID, code: code, debugData: []), into: &control)
            for id in streams.keys where id > lastStreamID { streams[id] = nil }
        }
    }

    /// Queues SETTINGS with `list` (a scripted change). Returns the ticket `waitForAcknowledgement` takes.
    func changeSettings(_ list: [HTTP2Setting]) -> Int {
        changing {
            settingsToSend.append(list)
            settingsAsked += 1
            return settingsAsked
        }
    }

    /// Waits until the client acknowledged the SETTINGS change `ticket`. False when the connection ended first.
    func waitForAcknowledgement(_ ticket: Int) -> Bool {
        locked {
            while !closed, settingsAcknowledged < ticket { condition.wait() }
            return !closed
        }
    }

    /// The last-stream-id of the GOAWAY sent, if one was.
    var goAwayLastStreamID: UInt32? { locked { goAwayLast } }

    /// Ends the connection (after the bytes queued so far outside the streams).
    func end(_ next: Connection.Next) {
        changing { if ending == nil { ending = next } }
    }

    // MARK: The connection thread

    /// A stream whose request is complete starts answering.
    func open(_ id: UInt32) {
        changing { streams[id] = Stream(window: initialWindow) }
    }

    /// Whether stream `id` is still answering.
    func isOpen(_ id: UInt32) -> Bool {
        locked { streams[id] != nil }
    }

    /// How many streams are still answering.
    var openCount: Int { locked { streams.count } }

    /// The client reset stream `id`: its queue is dropped.
    func clientReset(_ id: UInt32) {
        changing { _ = streams.removeValue(forKey: id) }
    }

    /// A WINDOW_UPDATE (`id` 0 for the connection).
    func windowUpdate(_ id: UInt32, increment: UInt32) {
        changing {
            if id == 0 { connectionWindow += Int64(increment) } else { streams[id]?.window += Int64(increment) }
        }
    }

    /// The client's SETTINGS_INITIAL_WINDOW_SIZE changed: every stream's window moves by the difference.
    func initialWindowChanged(to size: UInt32) {
        changing {
            let delta = Int64(size) - initialWindow
            initialWindow = Int64(size)
            for id in streams.keys { streams[id]?.window += delta }
        }
    }

    /// The scripted SETTINGS changes to send now, oldest first.
    func takeSettingsChanges() -> [[HTTP2Setting]] {
        locked {
            defer { settingsToSend.removeAll() }
            return settingsToSend
        }
    }

    /// The client acknowledged the oldest scripted SETTINGS change sent.
    func settingsChangeAcknowledged() {
        changing { settingsAcknowledged += 1 }
    }

    /// The connection ended: waiting response threads give up.
    func close() {
        changing { closed = true }
    }

    /// Moves what may be sent now into `out`: raw bytes first, then each stream's items in order, DATA
    /// split to `maxFrameSize` and limited by the windows. Returns how the connection ends once `out` is
    /// written, if a response thread ended it.
    func take(into out: inout [UInt8], encoder: inout HPACKEncoder, maxFrameSize: Int) -> Connection.Next? {
        changing {
            out.append(contentsOf: control)
            control.removeAll()
            for id in streams.keys.sorted() {
                takeItems(of: id, into: &out, encoder: &encoder, maxFrameSize: maxFrameSize)
            }
            return ending
        }
    }

    private func takeItems(of id: UInt32, into out: inout [UInt8], encoder: inout HPACKEncoder, maxFrameSize: Int) {
        while var stream = streams[id], let item = stream.items.first {
            var finished = false
            switch item {
            case .headers(let fields, let endStream):
                var block: [UInt8] = []
                encoder.encode(fields, into: &block)
                HTTP2FrameEncoder.encodeHeaderBlock(streamID: id, block: block, endStream: endStream, maximumFrameSize: maxFrameSize, into: &out)
                finished = endStream
            case .reset(let code):
                HTTP2FrameEncoder.encode(.rstStream(streamID: id, code: code), into: &out)
                finished = true
            case .data(let bytes, let endStream):
                let count = min(bytes.count, maxFrameSize, Int(max(0, min(stream.window, connectionWindow))))
                guard count > 0 || bytes.isEmpty else { return }  // wait for a WINDOW_UPDATE
                let last = count == bytes.count
                bytes.withUnsafeBytes { raw in
                    HTTP2FrameEncoder.encodeData(
                        streamID: id, bytes: UnsafeRawBufferPointer(rebasing: raw[..<count]), endStream: last && endStream,
                        maximumFrameSize: maxFrameSize, into: &out
                    )
                }
                stream.window -= Int64(count)
                connectionWindow -= Int64(count)
                stream.queuedBytes -= count
                if last { stream.items.removeFirst() } else { stream.items[0] = .data(bytes.dropFirst(count), endStream: endStream) }
                streams[id] = stream
                if last && endStream { streams[id] = nil }
                continue
            }
            stream.items.removeFirst()
            streams[id] = finished ? nil : stream
        }
    }
}

@testable import CourierSockets

/// A hand-driven HTTP/2 server for `HTTP2ConnectionStateMachine`: it feeds the machine frames it builds and
/// decodes the frames the machine writes.
struct HTTP2TestPeer {
    var machine: HTTP2ConnectionStateMachine
    var output = HTTP2Output()
    /// Every frame the client wrote and `written()` has not returned yet.
    private var reader = HTTP2FrameDecoder(maximumFrameSize: Int(HTTP2Settings.maximumMaxFrameSize), expectsClientPreface: true)

    /// A started machine; with `handshake`, the server's SETTINGS (`settings`) and its ACK of ours are in,
    /// and what the client wrote so far is read and dropped.
    init(limits: HTTP2Limits = HTTP2Limits(), settings: [HTTP2Setting] = [], handshake: Bool = true) {
        machine = HTTP2ConnectionStateMachine(limits: limits)
        machine.start(into: &output)
        guard handshake else { return }
        _ = send(.settings(ack: false, settings), .settings(ack: true, []))
        _ = written()
    }

    /// Feeds the frames (as one read) and returns the events they caused.
    mutating func send(_ frames: HTTP2Frame...) -> [HTTP2Event] {
        var bytes: [UInt8] = []
        for frame in frames { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        return feed(bytes)
    }

    /// Feeds raw bytes and returns the events they caused.
    mutating func feed(_ bytes: [UInt8]) -> [HTTP2Event] {
        let before = output.events.count
        bytes.withUnsafeBytes { machine.receive($0, into: &output) }
        return Array(output.events[before...])
    }

    /// The frames the client wrote since the last call.
    mutating func written() -> [HTTP2Frame] {
        reader.append(output.bytes)
        output.clear()
        var frames: [HTTP2Frame] = []
        while let frame = try? reader.nextFrame() { frames.append(frame) }
        return frames
    }

    /// Opens a stream with a small field block; `body` false ends it at once.
    mutating func open(body: Bool = false) -> UInt32 {
        let id = machine.openStream(headerBlock: [0x82], endStream: !body, into: &output)
        return id ?? 0
    }

    /// Opens a stream and delivers a response head for it.
    mutating func openWithResponse(body: Bool = false) -> UInt32 {
        let id = open(body: body)
        _ = send(.headers(streamID: id, block: [0x88], endStream: false, endHeaders: true))
        return id
    }

    /// Sends body bytes on a stream from an array.
    mutating func sendBody(_ id: UInt32, count: Int, endStream: Bool = false) -> Int {
        let bytes = [UInt8](repeating: 0x61, count: count)
        return bytes.withUnsafeBytes { machine.sendData(streamID: id, bytes: $0, endStream: endStream, into: &output) }
    }

    /// The connection error the events carry, if any.
    static func connectionError(_ events: [HTTP2Event]) -> HTTP2Error? {
        for case .connectionError(let error) in events { return error }
        return nil
    }

    /// The stream reset the events carry, if any.
    static func streamReset(_ events: [HTTP2Event]) -> HTTP2Error? {
        for case .streamReset(_, let error) in events { return error }
        return nil
    }
}

import Testing
@testable import CourierSockets

@Suite("HTTP/2 connection state machine: exchanges and protocol rules")
struct HTTP2ConnectionStateMachineTests {
    typealias Peer = HTTP2TestPeer

    @Test("start writes the preface, our SETTINGS (push off) and the connection window")
    func start() throws {
        var peer = Peer(limits: HTTP2Limits(streamWindow: 1000, connectionWindow: 100_000), handshake: false)
        let bytes = peer.output.bytes
        #expect(Array(bytes.prefix(24)) == HTTP2FrameDecoder.clientPreface)
        let frames = peer.written()
        guard case .settings(false, let settings) = frames.first else {
            Issue.record("no SETTINGS: \(frames)")
            return
        }
        #expect(settings.contains(HTTP2Setting(.enablePush, 0)))
        #expect(settings.contains(HTTP2Setting(.initialWindowSize, 1000)))
        #expect(settings.contains(HTTP2Setting(.maxConcurrentStreams, 100)))
        #expect(frames.dropFirst() == [.windowUpdate(streamID: 0, increment: 100_000 - 65_535)])

        #expect(peer.machine.isAwaitingSettingsAcknowledgement)
        let events = peer.send(.settings(ack: false, [HTTP2Setting(.headerTableSize, 8192)]))
        #expect(peer.written() == [.settings(ack: true, [])])
        #expect(peer.send(.settings(ack: true, [])).isEmpty)
        #expect(!peer.machine.isAwaitingSettingsAcknowledgement)
        var expected = HTTP2Settings()
        expected.headerTableSize = 8192
        #expect(events == [.settingsChanged(expected)])
    }

    @Test("a whole exchange: field block across CONTINUATION, body, trailers, end")
    func exchange() {
        var peer = Peer()
        let id = peer.open()
        #expect(id == 1)
        #expect(peer.written() == [.headers(streamID: 1, block: [0x82], endStream: true, endHeaders: true)])
        let events = peer.send(
            .headers(streamID: 1, block: [1, 2], endStream: false, endHeaders: false),
            .continuation(streamID: 1, block: [3], endHeaders: false),
            .continuation(streamID: 1, block: [4], endHeaders: true),
            .data(streamID: 1, bytes: [10, 11], endStream: false),
            .data(streamID: 1, bytes: [12], endStream: false, padding: 3),
            .headers(streamID: 1, block: [9], endStream: true, endHeaders: true)
        )
        #expect(events == [
            .headerBlock(streamID: 1, block: [1, 2, 3, 4], role: .response),
            .data(streamID: 1, bytes: [10, 11]),
            .data(streamID: 1, bytes: [12]),
            .headerBlock(streamID: 1, block: [9], role: .trailers),
            .streamEnded(streamID: 1),
        ])
        #expect(peer.machine.openStreamCount == 0)
        #expect(peer.open() == 3)
    }

    @Test("a request body goes out after its head, the stream closing when both sides ended")
    func requestBody() {
        var peer = Peer()
        let id = peer.open(body: true)
        #expect(peer.sendBody(id, count: 5, endStream: true) == 5)
        #expect(peer.written() == [
            .headers(streamID: 1, block: [0x82], endStream: false, endHeaders: true),
            .data(streamID: 1, bytes: Array("aaaaa".utf8), endStream: true),
        ])
        #expect(peer.machine.openStreamCount == 1)
        _ = peer.send(.headers(streamID: 1, block: [0x88], endStream: true, endHeaders: true))
        #expect(peer.machine.openStreamCount == 0)
        #expect(peer.sendBody(id, count: 1) == 0)
    }

    @Test("the server's first frame must be SETTINGS")
    func prefaceMustBeSettings() {
        var peer = Peer(handshake: false)
        _ = peer.written()
        let events = peer.send(.ping(ack: false, opaque: 1))
        #expect(Peer.connectionError(events)?.code == .protocolError)
        #expect(peer.written() == [.goAway(lastStreamID: 0, code: .protocolError, debugData: Array("the server's first frame is not SETTINGS".utf8))])
        #expect(peer.machine.state == .closed)
        #expect(peer.send(.settings(ack: false, [])).isEmpty)
    }

    @Test("a GOAWAY before the server's SETTINGS is reported with its own code")
    func goAwayFirst() {
        var peer = Peer(handshake: false)
        let id = peer.open()
        let events = peer.send(.goAway(lastStreamID: 0, code: .http11Required, debugData: []))
        #expect(events == [.goAway(HTTP2GoAway(lastStreamID: 0, code: .http11Required, debugData: [], unprocessedStreamIDs: [id]))])
        #expect(Peer.connectionError(peer.send(.ping(ack: false, opaque: 1)))?.code == .protocolError)
    }

    @Test("PING is answered; an answer to ours is reported")
    func ping() {
        var peer = Peer()
        _ = peer.send(.ping(ack: false, opaque: 42))
        #expect(peer.written() == [.ping(ack: true, opaque: 42)])
        #expect(peer.machine.ping(opaque: 7, into: &peer.output))
        #expect(peer.written() == [.ping(ack: false, opaque: 7)])
        #expect(peer.send(.ping(ack: true, opaque: 7)) == [.pingAcknowledged(opaque: 7)])
        #expect(peer.send(.ping(ack: true, opaque: 7)).isEmpty)
    }

    @Test("MAX_CONCURRENT_STREAMS is honoured; a slot frees when a stream ends")
    func maxConcurrentStreams() {
        var peer = Peer(settings: [HTTP2Setting(.maxConcurrentStreams, 2)])
        _ = peer.open()
        _ = peer.open()
        #expect(!peer.machine.canOpenStream)
        #expect(peer.machine.openStream(headerBlock: [0x82], endStream: true, into: &peer.output) == nil)
        _ = peer.send(.headers(streamID: 1, block: [0x88], endStream: true, endHeaders: true))
        #expect(peer.machine.canOpenStream)
        #expect(peer.open() == 5)
    }

    @Test("the server's MAX_FRAME_SIZE splits our field blocks and bodies")
    func peerFrameSize() {
        var peer = Peer(settings: [HTTP2Setting(.maxFrameSize, 20_000), HTTP2Setting(.initialWindowSize, 100_000)])
        let id = peer.machine.openStream(headerBlock: [UInt8](repeating: 1, count: 30_000), endStream: false, into: &peer.output)!
        let sizes = peer.written().map { frame -> Int in
            if case .headers(_, let block, _, _, _, _) = frame { return block.count }
            if case .continuation(_, let block, _) = frame { return block.count }
            return -1
        }
        #expect(sizes == [20_000, 10_000])
        _ = peer.send(.windowUpdate(streamID: 0, increment: 100_000))
        #expect(peer.sendBody(id, count: 45_000) == 45_000)
        #expect(peer.written().map(\.flowControlledLength) == [20_000, 20_000, 5_000])
    }

    @Test("GOAWAY: streams above last-stream-id are handed back for replay, the rest finish, no new streams")
    func goAway() {
        var peer = Peer()
        for _ in 0..<3 { _ = peer.open() }
        let events = peer.send(.goAway(lastStreamID: 1, code: .noError, debugData: []))
        #expect(events == [.goAway(HTTP2GoAway(lastStreamID: 1, code: .noError, debugData: [], unprocessedStreamIDs: [3, 5]))])
        #expect(!peer.machine.canOpenStream)
        #expect(peer.machine.openStreamCount == 1)
        let more = peer.send(.headers(streamID: 1, block: [0x88], endStream: true, endHeaders: true))
        #expect(more == [.headerBlock(streamID: 1, block: [0x88], role: .response), .streamEnded(streamID: 1)])
        let again = peer.send(.goAway(lastStreamID: 9, code: .noError, debugData: []))
        #expect(again == [.goAway(HTTP2GoAway(lastStreamID: 1, code: .noError, debugData: [], unprocessedStreamIDs: []))])
    }

    @Test("RST_STREAM with REFUSED_STREAM is unprocessed (retryable); with CANCEL it is not")
    func refusedStream() {
        var peer = Peer()
        _ = peer.open()
        _ = peer.open()
        let refused = Peer.streamReset(peer.send(.rstStream(streamID: 1, code: .refusedStream)))
        #expect(refused?.isUnprocessed == true && refused?.sentByPeer == true)
        let cancelled = Peer.streamReset(peer.send(.rstStream(streamID: 3, code: .cancel)))
        #expect(cancelled?.isUnprocessed == false && cancelled?.code == .cancel)
        #expect(peer.machine.openStreamCount == 0)
    }

    @Test("cancelling sends RST_STREAM CANCEL; frames still in flight are ignored, their field blocks discarded")
    func cancel() {
        var peer = Peer()
        let id = peer.open()
        _ = peer.written()
        peer.machine.cancelStream(id, into: &peer.output)
        #expect(peer.written() == [.rstStream(streamID: 1, code: .cancel)])
        let events = peer.send(
            .headers(streamID: 1, block: [0x88], endStream: false, endHeaders: true),
            .data(streamID: 1, bytes: [1, 2, 3], endStream: true),
            .windowUpdate(streamID: 1, increment: 5),
            .rstStream(streamID: 1, code: .noError)
        )
        #expect(events == [.headerBlock(streamID: 1, block: [0x88], role: .discard)])
        #expect(peer.written().isEmpty)
    }

    struct Violation: CustomTestStringConvertible, Sendable {
        let name: String
        let frames: [HTTP2Frame]
        let code: HTTP2ErrorCode
        var stream = false
        var testDescription: String { name }
    }

    /// Each runs after stream 1 was opened with a body to send and stream 3 opened and closed (both sides ended).
    static let violations: [Violation] = [
        .init(name: "DATA on an idle stream", frames: [.data(streamID: 7, bytes: [1], endStream: false)], code: .protocolError),
        .init(name: "HEADERS on a server stream", frames: [.headers(streamID: 2, block: [1], endStream: true, endHeaders: true)], code: .protocolError),
        .init(name: "RST_STREAM on an idle stream", frames: [.rstStream(streamID: 9, code: .cancel)], code: .protocolError),
        .init(name: "WINDOW_UPDATE on an idle stream", frames: [.windowUpdate(streamID: 9, increment: 1)], code: .protocolError),
        .init(name: "DATA on a closed stream", frames: [.data(streamID: 3, bytes: [1], endStream: false)], code: .streamClosed),
        .init(name: "HEADERS on a closed stream", frames: [.headers(streamID: 3, block: [1], endStream: true, endHeaders: true)], code: .streamClosed),
        .init(name: "PUSH_PROMISE", frames: [.pushPromise(streamID: 1, promisedStreamID: 2, block: [1], endHeaders: true)], code: .protocolError),
        .init(name: "SETTINGS_ENABLE_PUSH 1", frames: [.settings(ack: false, [HTTP2Setting(.enablePush, 1)])], code: .protocolError),
        .init(name: "SETTINGS_MAX_FRAME_SIZE too small", frames: [.settings(ack: false, [HTTP2Setting(.maxFrameSize, 100)])], code: .protocolError),
        .init(name: "a frame inside a field block", frames: [
            .headers(streamID: 1, block: [1], endStream: false, endHeaders: false), .ping(ack: false, opaque: 0),
        ], code: .protocolError),
        .init(name: "CONTINUATION on another stream", frames: [
            .headers(streamID: 1, block: [1], endStream: false, endHeaders: false), .continuation(streamID: 3, block: [1], endHeaders: true),
        ], code: .protocolError),
        .init(name: "CONTINUATION without HEADERS", frames: [.continuation(streamID: 1, block: [1], endHeaders: true)], code: .protocolError),
        .init(name: "connection window overflow", frames: [.windowUpdate(streamID: 0, increment: 0x7FFF_FFFF)], code: .flowControlError),
        .init(name: "INITIAL_WINDOW_SIZE growing a stream window past 2^31-1", frames: [
            .windowUpdate(streamID: 1, increment: 0x7FFF_0000), .settings(ack: false, [HTTP2Setting(.initialWindowSize, 0x10_0000)]),
        ], code: .flowControlError),
        .init(name: "stream window overflow", frames: [.windowUpdate(streamID: 1, increment: 0x7FFF_FFFF)], code: .flowControlError, stream: true),
        .init(name: "DATA before the response head", frames: [.data(streamID: 1, bytes: [1], endStream: false)], code: .protocolError, stream: true),
        .init(name: "trailers without END_STREAM", frames: [
            .headers(streamID: 1, block: [1], endStream: false, endHeaders: true), .data(streamID: 1, bytes: [1], endStream: false),
            .headers(streamID: 1, block: [2], endStream: false, endHeaders: true),
        ], code: .protocolError, stream: true),
        .init(name: "DATA after END_STREAM", frames: [
            .headers(streamID: 1, block: [1], endStream: true, endHeaders: true), .data(streamID: 1, bytes: [1], endStream: false),
        ], code: .streamClosed, stream: true),
        .init(name: "WINDOW_UPDATE of 0 on an open stream", frames: [], code: .protocolError, stream: true),
    ]

    @Test("each violation is the right connection or stream error", arguments: violations)
    func violation(_ violation: Violation) {
        var peer = Peer()
        _ = peer.open(body: true)
        _ = peer.open()
        _ = peer.send(.headers(streamID: 3, block: [0x88], endStream: true, endHeaders: true))
        _ = peer.written()
        var bytes: [UInt8] = []
        for frame in violation.frames { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        if violation.frames.isEmpty { bytes = HTTP2FrameCodecTests.header(4, 8, 0, 1) + [0, 0, 0, 0] }
        let events = peer.feed(bytes)
        if violation.stream {
            let error = Peer.streamReset(events)
            #expect(error?.code == violation.code && error?.scope == .stream(1) && error?.sentByPeer == false)
            #expect(peer.written().last == .rstStream(streamID: 1, code: violation.code))
            #expect(peer.machine.state == .open)
        } else {
            #expect(Peer.connectionError(events)?.code == violation.code)
            guard case .goAway(0, violation.code, _) = peer.written().last else {
                Issue.record("no GOAWAY with \(violation.code)")
                return
            }
            #expect(peer.machine.state == .closed && !peer.machine.canOpenStream)
        }
    }
}

@Suite("HTTP/2 connection state machine: commands from the connection layer")
struct HTTP2ConnectionCommandTests {
    typealias Peer = HTTP2TestPeer

    @Test("close sends GOAWAY with NO_ERROR and the machine stops")
    func close() {
        var peer = Peer()
        peer.machine.close(into: &peer.output)
        #expect(peer.written() == [.goAway(lastStreamID: 0, code: .noError, debugData: [])])
        #expect(peer.machine.state == .closed && !peer.machine.canOpenStream)
        #expect(peer.send(.ping(ack: false, opaque: 1)).isEmpty && peer.written().isEmpty)
    }

    @Test("a field block HPACK cannot decode ends the connection with COMPRESSION_ERROR")
    func compressionError() {
        var peer = Peer()
        _ = peer.openWithResponse()
        _ = peer.written()
        peer.machine.failConnection(.connection(.compressionError, "bad index"), into: &peer.output)
        #expect(peer.output.events == [.connectionError(.connection(.compressionError, "bad index"))])
        #expect(peer.written() == [.goAway(lastStreamID: 0, code: .compressionError, debugData: Array("bad index".utf8))])
        #expect(peer.machine.openStreamCount == 0)
    }

    @Test("a malformed response head resets its stream with PROTOCOL_ERROR; the connection lives on")
    func malformedHead() {
        var peer = Peer()
        let id = peer.openWithResponse()
        peer.machine.resetStream(id, .stream(id, .protocolError, "uppercase header name"), into: &peer.output)
        #expect(Peer.streamReset(peer.output.events)?.code == .protocolError)
        #expect(peer.written().last == .rstStream(streamID: id, code: .protocolError))
        #expect(peer.send(.data(streamID: id, bytes: [1], endStream: true)).isEmpty)  // in flight: ignored
        #expect(peer.machine.state == .open && peer.machine.canOpenStream)
    }

    @Test("PINGs we send are bounded")
    func pingBound() {
        var peer = Peer()
        for index in 0..<HTTP2ConnectionStateMachine.maximumOutstandingPings {
            #expect(peer.machine.ping(opaque: UInt64(index), into: &peer.output))
        }
        #expect(!peer.machine.ping(opaque: 99, into: &peer.output))
        _ = peer.send(.ping(ack: true, opaque: 0))
        #expect(peer.machine.ping(opaque: 99, into: &peer.output))
    }
}

import Testing
@testable import CourierSockets

@Suite("HTTP/2 connection state machine: flow control")
struct HTTP2FlowControlTests {
    typealias Peer = HTTP2TestPeer

    @Test("our windows reopen only as the reader consumes: a reader that stops stops the server")
    func readerDrivenWindows() {
        var peer = Peer(limits: HTTP2Limits(streamWindow: 1000, connectionWindow: 65_535))
        let id = peer.openWithResponse()
        _ = peer.written()
        let events = peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 1000), endStream: false))
        #expect(events.count == 1)
        #expect(peer.written().isEmpty)
        peer.machine.consumed(streamID: id, bytes: 400, into: &peer.output)
        #expect(peer.written().isEmpty)
        peer.machine.consumed(streamID: id, bytes: 200, into: &peer.output)
        #expect(peer.written() == [.windowUpdate(streamID: id, increment: 600)])
        // The server may now send 600 more, no more.
        _ = peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 600), endStream: false))
        let error = Peer.streamReset(peer.send(.data(streamID: id, bytes: [1], endStream: false)))
        #expect(error?.code == .flowControlError)
        #expect(peer.written() == [.rstStream(streamID: id, code: .flowControlError)])
    }

    @Test("consumption returns the connection window, also for streams that have ended; over-reporting is ignored")
    func connectionCredit() {
        var peer = Peer(limits: HTTP2Limits(streamWindow: 60_000, connectionWindow: 65_535))
        let id = peer.openWithResponse()
        _ = peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 16_000), endStream: false))
        _ = peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 16_000), endStream: false))
        _ = peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 16_000), endStream: true))
        _ = peer.written()
        peer.machine.consumed(streamID: id, bytes: 1_000_000, into: &peer.output)
        #expect(peer.written() == [.windowUpdate(streamID: 0, increment: 48_000)])
        peer.machine.consumed(streamID: id, bytes: 1_000_000, into: &peer.output)
        #expect(peer.written().isEmpty)
    }

    @Test("DATA beyond the connection window we granted is FLOW_CONTROL_ERROR")
    func connectionWindowExceeded() {
        var peer = Peer(limits: HTTP2Limits(streamWindow: 1 << 20, connectionWindow: 65_535))
        let id = peer.openWithResponse()
        var events: [HTTP2Event] = []
        for _ in 0..<4 { events += peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 16_384), endStream: false)) }
        #expect(Peer.connectionError(events)?.code == .flowControlError)
    }

    @Test("padding counts against the windows and is returned at once")
    func padding() {
        var peer = Peer(limits: HTTP2Limits(streamWindow: 100))
        let id = peer.openWithResponse()
        _ = peer.written()
        let events = peer.send(.data(streamID: id, bytes: [UInt8](repeating: 1, count: 10), endStream: false, padding: 89))
        #expect(events == [.data(streamID: id, bytes: [UInt8](repeating: 1, count: 10))])
        #expect(peer.written() == [.windowUpdate(streamID: id, increment: 90)])
    }

    @Test("a body is sent only within the server's windows, and resumes when both open")
    func windowExhaustionAndResumption() {
        var peer = Peer()
        let id = peer.open(body: true)
        _ = peer.written()
        #expect(peer.machine.sendableBytes(streamID: id) == 65_535)
        #expect(peer.sendBody(id, count: 100_000, endStream: true) == 65_535)
        #expect(peer.written().map(\.flowControlledLength) == [16_384, 16_384, 16_384, 16_383])
        #expect(peer.machine.sendableBytes(streamID: id) == 0)
        #expect(peer.send(.windowUpdate(streamID: id, increment: 50_000)).isEmpty)  // the connection is still shut
        #expect(peer.machine.sendableBytes(streamID: id) == 0)
        #expect(peer.send(.windowUpdate(streamID: 0, increment: 40_000)) == [.streamWritable(streamID: id)])
        #expect(peer.machine.sendableBytes(streamID: id) == 40_000)
        #expect(peer.sendBody(id, count: 34_465, endStream: true) == 34_465)
        guard case .data(_, _, true, _) = peer.written().last else {
            Issue.record("the last DATA frame does not end the stream")
            return
        }
        #expect(peer.machine.sendableBytes(streamID: id) == 0)
    }

    @Test("a SETTINGS shrink makes a window negative; WINDOW_UPDATEs must cover the debt before sending resumes")
    func negativeWindow() {
        var peer = Peer()
        let id = peer.open(body: true)
        #expect(peer.sendBody(id, count: 65_535) == 65_535)
        _ = peer.send(.windowUpdate(streamID: 0, increment: 1_000_000))
        _ = peer.written()
        let events = peer.send(.settings(ack: false, [HTTP2Setting(.initialWindowSize, 16_384)]))
        #expect(events.count == 1)  // .settingsChanged only
        #expect(peer.machine.sendableBytes(streamID: id) == 0)
        #expect(peer.sendBody(id, count: 100) == 0)  // held back: woken when the window is positive again
        #expect(peer.send(.windowUpdate(streamID: id, increment: 49_151)).isEmpty)  // back to 0
        #expect(peer.machine.sendableBytes(streamID: id) == 0)
        #expect(peer.send(.windowUpdate(streamID: id, increment: 10)) == [.streamWritable(streamID: id)])
        #expect(peer.machine.sendableBytes(streamID: id) == 10)
    }

    @Test("a SETTINGS growth of INITIAL_WINDOW_SIZE wakes a held-back sender")
    func settingsGrowthWakes() {
        var peer = Peer()
        let id = peer.open(body: true)
        _ = peer.send(.windowUpdate(streamID: 0, increment: 1_000_000))
        #expect(peer.sendBody(id, count: 70_000) == 65_535)
        let events = peer.send(.settings(ack: false, [HTTP2Setting(.initialWindowSize, 100_000)]))
        #expect(events.last == .streamWritable(streamID: id))
        #expect(peer.machine.sendableBytes(streamID: id) == 100_000 - 65_535)
    }

    @Test("an empty body with END_STREAM is sent even with no window")
    func emptyEndStream() {
        var peer = Peer(settings: [HTTP2Setting(.initialWindowSize, 0)])
        let id = peer.open(body: true)
        _ = peer.written()
        #expect(peer.sendBody(id, count: 0, endStream: true) == 0)
        #expect(peer.written() == [.data(streamID: id, bytes: [], endStream: true)])
    }
}

import Testing
@testable import CourierSockets

@Suite("HTTP/2 connection state machine: hostile peers")
struct HTTP2FloodTests {
    typealias Peer = HTTP2TestPeer

    static let small = HTTP2Limits(
        maximumHeaderBlockBytes: 1000, maximumContinuationFrames: 4, maximumSettingsWithoutProgress: 5,
        maximumPingsWithoutProgress: 5, maximumResetsWithoutProgress: 5, maximumEmptyFramesWithoutProgress: 5
    )

    /// Feeds `frames` one read at a time until the connection fails; returns the error and how many frames it took.
    static func flood(_ peer: inout Peer, _ frames: (Int) -> HTTP2Frame, upTo count: Int = 100) -> (HTTP2Error?, Int) {
        for index in 0..<count {
            if let error = Peer.connectionError(peer.send(frames(index))) { return (error, index + 1) }
        }
        return (nil, count)
    }

    @Test("a field block in too many CONTINUATION frames is ENHANCE_YOUR_CALM")
    func continuationCount() {
        var peer = Peer(limits: Self.small)
        let id = peer.open()
        _ = peer.send(.headers(streamID: id, block: [1], endStream: false, endHeaders: false))
        let (error, frames) = Self.flood(&peer) { _ in .continuation(streamID: id, block: [], endHeaders: false) }
        #expect(error?.code == .enhanceYourCalm && frames == 5)
    }

    @Test("a field block over the byte cap is ENHANCE_YOUR_CALM, in one HEADERS or across CONTINUATIONs")
    func headerBlockBytes() {
        var one = Peer(limits: Self.small)
        let first = one.open()
        let events = one.send(.headers(streamID: first, block: [UInt8](repeating: 1, count: 1001), endStream: false, endHeaders: false))
        #expect(Peer.connectionError(events)?.code == .enhanceYourCalm)

        var many = Peer(limits: Self.small)
        let id = many.open()
        _ = many.send(.headers(streamID: id, block: [UInt8](repeating: 1, count: 400), endStream: false, endHeaders: false))
        let (error, frames) = Self.flood(&many) { _ in .continuation(streamID: id, block: [UInt8](repeating: 1, count: 400), endHeaders: false) }
        #expect(error?.code == .enhanceYourCalm && frames == 2)
    }

    @Test("SETTINGS, PING, reset, empty-frame and unsolicited-ACK floods end the connection with ENHANCE_YOUR_CALM", arguments: 0..<6)
    func floods(_ kind: Int) {
        var peer = Peer(limits: Self.small)
        let ids = (0..<10).map { _ in peer.openWithResponse() }
        let frame: (Int) -> HTTP2Frame = switch kind {
        case 0: { _ in .settings(ack: false, []) }
        case 1: { index in .ping(ack: false, opaque: UInt64(index)) }
        case 2: { index in .rstStream(streamID: ids[index], code: .refusedStream) }
        case 3: { _ in .data(streamID: ids[0], bytes: [], endStream: false) }
        case 4: { _ in .priority(streamID: 1, HTTP2Priority(exclusive: false, dependency: 0, weightField: 0)) }
        default: { _ in .settings(ack: true, []) }
        }
        let (error, frames) = Self.flood(&peer, frame, upTo: 10)
        #expect(error?.code == .enhanceYourCalm && frames == 6)
        // Answers were queued only for the frames allowed.
        let answers = peer.written().filter {
            switch $0 {
            case .settings(ack: true, _), .ping(ack: true, _): true
            default: false
            }
        }
        #expect(answers.count <= 5)
    }

    @Test("the counts start again after each piece of work, so a busy peer is not cut off")
    func progressResets() {
        var peer = Peer(limits: Self.small)
        let id = peer.openWithResponse()
        for index in 0..<50 {
            let events = peer.send(.ping(ack: false, opaque: UInt64(index)), .settings(ack: false, []),
                                   .data(streamID: id, bytes: [1], endStream: false))
            #expect(Peer.connectionError(events) == nil)
        }
        #expect(peer.machine.state == .open)
    }

    @Test("frames on streams we reset cost nothing but their budget")
    func resetStreamJunk() {
        var peer = Peer(limits: Self.small)
        let id = peer.openWithResponse()
        peer.machine.cancelStream(id, into: &peer.output)
        let (error, frames) = Self.flood(&peer) { _ in .windowUpdate(streamID: id, increment: 1) }
        #expect(error?.code == .enhanceYourCalm && frames == 6)
    }
}

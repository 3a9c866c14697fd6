import CourierSockets
import FuzzingSupport

/// `HTTP2FrameDecoder` and `HTTP2ConnectionStateMachine` on any bytes. Decoded whole and again cut at
/// fuzzer-chosen points, the bytes must give the same frames and errors; every decoded frame must encode and
/// decode to itself. A state machine fed the same bytes whole and cut must report the same events and write
/// the same bytes, which must themselves decode without error; it must never trap.
///
/// Input: one byte of options (bit 0: prepend a server SETTINGS frame; bit 1: small limits; bits 2-3: streams
/// to open first; bits 4-7: the request body to send afterwards, in 5000-byte steps), one byte giving up to 15
/// cut points, two bytes per cut point, then the server's bytes.
enum HTTP2FramesFuzzCheck {
    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let options = input.byte()
        let cutSeeds = input.cutSeeds()
        var wire: [UInt8] = []
        if options & 1 != 0 { HTTP2FrameEncoder.encode(.settings(ack: false, []), into: &wire) }
        wire += input.rest()
        let cuts = FuzzInput.cuts(cutSeeds, within: wire.count)

        let whole = decode(wire, cuts: [])
        let split = decode(wire, cuts: cuts)
        guard whole == split else { FuzzDriver.fail("whole: \(whole)\nsplit at \(cuts): \(split)", input: bytes) }
        for case .frame(let frame) in whole {
            if case .unknown = frame { continue }
            var encoded: [UInt8] = []
            HTTP2FrameEncoder.encode(frame, into: &encoded)
            let again = decode(encoded, cuts: [])
            guard again == [.frame(frame)] else { FuzzDriver.fail("\(frame) re-decoded as \(again)", input: bytes) }
        }

        let limits = options & 2 != 0
            ? HTTP2Limits(streamWindow: 100, maximumHeaderBlockBytes: 64, maximumContinuationFrames: 2, maximumSettingsWithoutProgress: 2,
                          maximumPingsWithoutProgress: 2, maximumResetsWithoutProgress: 2, maximumEmptyFramesWithoutProgress: 2)
            : HTTP2Limits()
        let setup = Setup(limits: limits, streams: Int(options >> 2 & 3), bodyBytes: Int(options >> 4) * 5000)
        let machineWhole = drive(wire, cuts: [], setup, input: bytes)
        let machineSplit = drive(wire, cuts: cuts, setup, input: bytes)
        guard machineWhole.events == machineSplit.events, machineWhole.bytes == machineSplit.bytes else {
            FuzzDriver.fail("the state machine differs whole (\(machineWhole.events)) and split (\(machineSplit.events))", input: bytes)
        }
    }

    struct Setup {
        var limits: HTTP2Limits
        var streams: Int
        var bodyBytes: Int
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case frame(HTTP2Frame)
        case error(HTTP2ErrorCode, HTTP2Error.Scope)

        var description: String {
            switch self {
            case .frame(let frame): "\(frame)"
            case .error(let code, let scope): "error \(code) \(scope)"
            }
        }
    }

    /// Every frame and error the decoder gives, the bytes appended in the pieces `cuts` make.
    static func decode(_ wire: [UInt8], cuts: [Int]) -> [Outcome] {
        var decoder = HTTP2FrameDecoder()
        var outcomes: [Outcome] = []
        var start = 0
        for cut in cuts + [wire.count] {
            decoder.append(Array(wire[start..<cut]))
            start = cut
            while true {
                do throws(HTTP2Error) {
                    guard let frame = try decoder.nextFrame() else { break }
                    outcomes.append(.frame(frame))
                } catch {
                    outcomes.append(.error(error.code, error.scope))
                    if error.scope == .connection { return outcomes }
                }
            }
        }
        return outcomes
    }

    /// A machine with `setup.streams` streams open (the first with a body to send), fed the bytes in pieces, then
    /// made to consume every body byte and send its body; its output must decode as frames a server accepts.
    static func drive(_ wire: [UInt8], cuts: [Int], _ setup: Setup, input: [UInt8]) -> HTTP2Output {
        var machine = HTTP2ConnectionStateMachine(limits: setup.limits)
        var output = HTTP2Output()
        machine.start(into: &output)
        for index in 0..<setup.streams {
            _ = machine.openStream(headerBlock: [0x82, 0x86], endStream: index != 0, into: &output)
        }
        var start = 0
        for cut in cuts + [wire.count] where cut > start {
            wire[start..<cut].withUnsafeBytes { machine.receive($0, into: &output) }
            start = cut
        }
        for case .data(let id, let bytes) in output.events {
            machine.consumed(streamID: id, bytes: bytes.count, into: &output)
        }
        let body = [UInt8](repeating: 0x62, count: setup.bodyBytes)
        body.withUnsafeBytes { _ = machine.sendData(streamID: 1, bytes: $0, endStream: true, into: &output) }
        var server = HTTP2FrameDecoder(maximumFrameSize: Int(HTTP2Settings.maximumMaxFrameSize), expectsClientPreface: true)
        server.append(output.bytes)
        do {
            while try server.nextFrame() != nil {}
        } catch {
            FuzzDriver.fail("the client wrote a frame a server refuses: \(error)", input: input)
        }
        return output
    }
}

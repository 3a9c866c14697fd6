import CourierHTTP
import CourierSockets
import Foundation
import FuzzingSupport

/// WebSocket frames on any bytes, decoded and assembled whole and again cut at fuzzer-chosen points: both
/// runs must give the same frames and events, or fail with the same `WebSocketError` — so no read boundary
/// changes what the peer said. Every frame re-encodes to bytes that decode to itself, every message stays
/// within the limit, and (with permessage-deflate, Linux) every message survives a compress / inflate round
/// trip. The same bytes also go through the `Sec-WebSocket-Extensions` parser and permessage-deflate's checks.
///
/// Input: one byte of options (bit 0: read as the server; bit 1: permessage-deflate negotiated; bit 2: small
/// limits; bit 3: the peer resets its context), one byte giving up to 15 cut points, two bytes per cut point,
/// then the wire bytes.
enum WebSocketFramesFuzzCheck {
    struct Setup {
        var role: WebSocketRole
        var compression: PerMessageDeflate?
        var frameLimit: Int
        var messageLimit: Int

        /// The setup the options byte chooses.
        init(options: UInt8) {
            role = options & 1 != 0 ? .server : .client
            #if canImport(CZlib)
            let resets = options & 8 != 0
            compression = options & 2 != 0 ? PerMessageDeflate(serverNoContextTakeover: resets, clientNoContextTakeover: resets) : nil
            #else
            compression = nil
            #endif
            frameLimit = options & 4 != 0 ? 200 : 1 << 20
            messageLimit = options & 4 != 0 ? 300 : 4 << 20
        }
    }

    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let setup = Setup(options: input.byte())
        let cutSeeds = input.cutSeeds()
        let wire = input.rest()
        let cuts = FuzzInput.cuts(cutSeeds, within: wire.count)

        let whole = Run(wire, cuts: [], setup)
        let split = Run(wire, cuts: cuts, setup)
        guard whole.frames == split.frames, whole.events == split.events, whole.error == split.error else {
            FuzzDriver.fail("whole: \(whole), split at \(cuts): \(split)", input: bytes)
        }
        checkFrames(whole.frames, setup, input: bytes)
        checkMessages(whole.events, setup, input: bytes)
        checkExtensions(String(decoding: wire, as: UTF8.self))
    }

    /// Each frame, encoded as its sender would, decodes to itself.
    static func checkFrames(_ frames: [WebSocketFrame], _ setup: Setup, input: [UInt8]) {
        for frame in frames {
            guard frame.payload.count <= setup.frameLimit else { FuzzDriver.fail("a frame over the limit: \(frame.payload.count)", input: input) }
            var wire: [UInt8] = []
            WebSocketFrameEncoder.encode(frame, maskingKey: setup.role == .server ? (0x12, 0x34, 0x56, 0x78) : nil, into: &wire)
            var decoder = WebSocketFrameDecoder(role: setup.role, maximumFrameSize: setup.frameLimit, allowsCompressedFrames: setup.compression != nil)
            decoder.append(wire)
            guard (try? decoder.next()) == frame, decoder.bufferedCount == 0 else {
                FuzzDriver.fail("the frame \(frame.opcode) of \(frame.payload.count) bytes does not survive re-encoding", input: input)
            }
        }
    }

    /// Messages stay within the limit and compression round-trips them (text is UTF-8 by construction).
    static func checkMessages(_ events: [WebSocketEvent], _ setup: Setup, input: [UInt8]) {
        #if canImport(CZlib)
        // One pair per input, reset after every message (no context takeover), as zlib's setup is costly.
        let codec = setup.compression == nil ? nil
            : try? (WebSocketDeflater(windowBits: 15, noContextTakeover: true), WebSocketInflater(noContextTakeover: true))
        #endif
        for case .message(let message) in events {
            let bytes: [UInt8] = switch message {
            case .text(let text): Array(text.utf8)
            case .binary(let data): Array(data)
            }
            guard bytes.count <= setup.messageLimit else { FuzzDriver.fail("a message over the limit: \(bytes.count)", input: input) }
            #if canImport(CZlib)
            guard let (deflater, inflater) = codec else { continue }
            do {
                var output: [UInt8] = []
                try inflater.inflate(try deflater.compress(bytes), final: true, into: &output, limit: setup.messageLimit)
                guard output == bytes else { FuzzDriver.fail("a message of \(bytes.count) bytes does not round-trip through deflate", input: input) }
            } catch {
                FuzzDriver.fail("compressing a message of \(bytes.count) bytes failed: \(error)", input: input)
            }
            #endif
        }
    }

    /// The extension parser and permessage-deflate's checks on any text: a typed error or a value, never a trap.
    static func checkExtensions(_ text: String) {
        guard let extensions = try? WebSocketExtension.parse([text]) else { return }
        for entry in extensions {
            _ = try? PerMessageDeflate(response: entry)
            if let reparsed = try? WebSocketExtension.parse([entry.headerValue]), reparsed.count != 1 {
                FuzzDriver.fail("'\(entry.headerValue)' reparses to \(reparsed.count) extensions", input: Array(text.utf8))
            }
        }
        _ = PerMessageDeflate.accept(extensions)
    }

    /// The frames and events of one pass, and the error that ended it.
    struct Run: CustomStringConvertible {
        var frames: [WebSocketFrame] = []
        var events: [WebSocketEvent] = []
        var error: WebSocketError?

        init(_ wire: [UInt8], cuts: [Int], _ setup: Setup) {
            var decoder = WebSocketFrameDecoder(role: setup.role, maximumFrameSize: setup.frameLimit, allowsCompressedFrames: setup.compression != nil)
            var start = 0
            do {
                var assembler = try WebSocketMessageAssembler(maximumMessageSize: setup.messageLimit, compression: setup.compression, role: setup.role)
                for cut in cuts + [wire.count] where cut > start {
                    wire.withUnsafeBytes { decoder.append(UnsafeRawBufferPointer(rebasing: $0[start..<cut])) }
                    start = cut
                    while let frame = try decoder.next() {
                        frames.append(frame)
                        if let event = try assembler.take(frame) { events.append(event) }
                    }
                }
            } catch {
                self.error = error
            }
        }

        var description: String {
            "\(frames.count) frames, \(events.count) events, error \(error.map(String.init(describing:)) ?? "none")"
        }
    }
}

import CourierHTTP
import Testing
@testable import CourierSockets

@Suite("WebSocket frame encoder and decoder (RFC 6455 §5)")
struct WebSocketFrameCodecTests {
    static let key: (UInt8, UInt8, UInt8, UInt8) = (0x37, 0xFA, 0x21, 0x3D)
    static let hello = Array("Hello".utf8)

    /// Decodes `wire` fed `step` bytes at a time; returns the frames, or throws the decoder's error.
    static func decode(_ wire: [UInt8], role: WebSocketRole = .client, step: Int = .max, limit: Int = 1 << 20,
                       compressed: Bool = false) throws(WebSocketError) -> [WebSocketFrame] {
        var decoder = WebSocketFrameDecoder(role: role, maximumFrameSize: limit, allowsCompressedFrames: compressed)
        var frames: [WebSocketFrame] = []
        var offset = 0
        repeat {
            let end = min(wire.count, offset + min(step, wire.count - offset))
            decoder.append(Array(wire[offset..<end]))
            while let frame = try decoder.next() { frames.append(frame) }
            offset = end
        } while offset < wire.count
        return frames
    }

    static func error(_ wire: [UInt8], role: WebSocketRole = .client, limit: Int = 1 << 20, compressed: Bool = false) -> WebSocketError? {
        do {
            _ = try decode(wire, role: role, limit: limit, compressed: compressed)
            return nil
        } catch {
            return error
        }
    }

    @Test("§5.7 examples: unmasked and masked Hello, fragmented Hel+lo, ping, masked pong, whole and byte by byte")
    func rfcExamples() throws {
        let examples: [([UInt8], WebSocketRole, [WebSocketFrame])] = [
            ([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F], .client, [WebSocketFrame(opcode: .text, payload: Self.hello)]),
            ([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58], .server, [WebSocketFrame(opcode: .text, payload: Self.hello)]),
            ([0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F], .client,
             [WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)), WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8))]),
            ([0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F], .client, [WebSocketFrame(opcode: .ping, payload: Self.hello)]),
            ([0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58], .server, [WebSocketFrame(opcode: .pong, payload: Self.hello)]),
        ]
        for (wire, role, frames) in examples {
            #expect(try Self.decode(wire, role: role) == frames)
            #expect(try Self.decode(wire, role: role, step: 1) == frames)
            var encoded: [UInt8] = []
            for frame in frames { WebSocketFrameEncoder.encode(frame, maskingKey: role == .server ? Self.key : nil, into: &encoded) }
            #expect(encoded == wire)
        }
    }

    @Test("§5.7 examples: 256 bytes take a 16-bit length, 65536 bytes a 64-bit one")
    func extendedLengths() throws {
        for (count, header) in [(256, [0x82, 0x7E, 0x01, 0x00] as [UInt8]), (65536, [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0])] {
            let payload = (0..<count).map { UInt8($0 & 0xFF) }
            var wire: [UInt8] = []
            WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .binary, payload: payload), maskingKey: nil, into: &wire)
            #expect(Array(wire.prefix(header.count)) == header)
            #expect(try Self.decode(wire, step: 1000) == [WebSocketFrame(opcode: .binary, payload: payload)])
        }
    }

    @Test("a client encoder masks each frame with a fresh key, and the server side unmasks it")
    func clientMasksWithRandomKeys() throws {
        var encoder = WebSocketFrameEncoder(role: .client)
        var first: [UInt8] = [], second: [UInt8] = []
        let frame = WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 0xAB, count: 100))
        encoder.encode(frame, into: &first)
        encoder.encode(frame, into: &second)
        #expect(first[1] & 0x80 != 0)
        #expect(first[2..<6] != second[2..<6])
        #expect(try Self.decode(first, role: .server) == [frame])
        var server = WebSocketFrameEncoder(role: .server)
        var unmasked: [UInt8] = []
        server.encode(frame, into: &unmasked)
        #expect(unmasked[1] == 100)
    }

    @Test("word-at-a-time masking equals byte-by-byte masking at every length and key")
    func maskingMatchesReference() {
        for count in 0...40 {
            let data = (0..<count).map { UInt8(($0 * 37 + 11) & 0xFF) }
            let key: (UInt8, UInt8, UInt8, UInt8) = (UInt8(count), 0x5A, 0xC3, 0x01)
            var masked = data
            WebSocketMasking.apply(key: key, to: &masked)
            let keyBytes = [key.0, key.1, key.2, key.3]
            #expect(masked == data.enumerated().map { $0.element ^ keyBytes[$0.offset % 4] })
        }
    }

    @Test("reserved opcodes 0x3-0x7 and 0xB-0xF close with 1002", arguments: Array(3...7) + Array(11...15))
    func reservedOpcodes(opcode: Int) {
        let error = Self.error([0x80 | UInt8(opcode), 0x00])
        #expect(error?.kind == .protocolViolation)
        #expect(error?.closeCode == .protocolError)
    }

    @Test("RSV bits: RSV2/RSV3 always fail, RSV1 only with permessage-deflate and only on a message's first frame")
    func reservedBits() {
        #expect(Self.error([0xA1, 0x00], compressed: true)?.closeCode == .protocolError)  // RSV2
        #expect(Self.error([0x91, 0x00], compressed: true)?.closeCode == .protocolError)  // RSV3
        #expect(Self.error([0xC1, 0x00])?.closeCode == .protocolError)  // RSV1, not negotiated
        #expect(Self.error([0xC1, 0x00], compressed: true) == nil)
        #expect(Self.error([0xC9, 0x00], compressed: true)?.closeCode == .protocolError)  // RSV1 on a ping
        #expect(Self.error([0x01, 0x00, 0xC0, 0x00], compressed: true)?.closeCode == .protocolError)  // on a continuation
    }

    @Test("control frames: a 126-byte payload or a FIN-less control frame fail with 1002; 125 bytes pass")
    func controlFrameRules() throws {
        #expect(Self.error([0x89, 0x7E, 0x00, 0x7E] + [UInt8](repeating: 0, count: 126))?.closeCode == .protocolError)
        #expect(Self.error([0x09, 0x00])?.closeCode == .protocolError)
        #expect(Self.error([0x08, 0x00])?.closeCode == .protocolError)
        #expect(try Self.decode([0x89, 0x7D] + [UInt8](repeating: 1, count: 125)).count == 1)
    }

    @Test("masking by role: a masked frame to a client and an unmasked frame to a server fail with 1002")
    func maskingByRole() {
        #expect(Self.error([0x81, 0x80, 1, 2, 3, 4], role: .client)?.closeCode == .protocolError)
        #expect(Self.error([0x81, 0x00], role: .server)?.closeCode == .protocolError)
    }

    @Test("a 64-bit length with its top bit set fails with 1002 as soon as the header is in")
    func lengthTopBit() {
        #expect(Self.error([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 1])?.closeCode == .protocolError)
    }

    @Test("a frame over the size limit fails with 1009 from its header alone, before its payload is buffered")
    func frameSizeLimit() throws {
        let header: [UInt8] = [0x82, 0x7F, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF]
        let error = Self.error(header, limit: 1000)
        #expect(error?.kind == .messageTooBig)
        #expect(error?.closeCode == .messageTooBig)
        #expect(try Self.decode([0x82, 0x7E, 0x03, 0xE8] + [UInt8](repeating: 0, count: 1000), limit: 1000).count == 1)
    }

    @Test("after an error every call throws it again, whatever comes next")
    func errorsAreSticky() {
        var decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: 100)
        decoder.append([0x83, 0x00])
        #expect(throws: WebSocketError.self) { try decoder.next() }
        decoder.append([0x81, 0x00])
        #expect(throws: WebSocketError.self) { try decoder.next() }
    }

    @Test("many small frames in one read and a partial header wait for more bytes")
    func partialReads() throws {
        var decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: 1 << 20)
        var wire: [UInt8] = []
        for index in 0..<1000 { WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .binary, payload: [UInt8(index & 0xFF)]), maskingKey: nil, into: &wire) }
        decoder.append(wire + [0x82, 0x7E, 0x01])
        var count = 0
        while try decoder.next() != nil { count += 1 }
        #expect(count == 1000)
        #expect(decoder.bufferedCount == 3)
        decoder.append([0x00] + [UInt8](repeating: 9, count: 256))
        #expect(try decoder.next()?.payload.count == 256)
    }

    @Test("thousands of frames of mixed sizes in 1000-byte reads (the consumed prefix is dropped on the way) decode intact")
    func longStreamInPieces() throws {
        var encoder = WebSocketFrameEncoder(role: .client)
        var wire: [UInt8] = []
        let frames = (0..<3000).map { index in
            WebSocketFrame(opcode: .binary, payload: (0..<(index * 37 % 300)).map { UInt8(($0 + index) & 0xFF) })
        }
        for frame in frames { encoder.encode(frame, into: &wire) }
        #expect(try Self.decode(wire, role: .server, step: 1000) == frames)
    }
}

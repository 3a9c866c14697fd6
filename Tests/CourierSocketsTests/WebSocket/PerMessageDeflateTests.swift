#if canImport(CZlib)
import CourierHTTP
import CourierTesting
import Foundation
import Testing
@testable import CourierSockets

@Suite("permessage-deflate compression (RFC 7692 §7.2, Linux)")
struct PerMessageDeflateTests {
    static let hello = Array("Hello".utf8)

    /// The messages `wire` (frames from a server) decodes to with permessage-deflate negotiated as `deflate`.
    static func messages(_ wire: [UInt8], deflate: PerMessageDeflate = .init(), limit: Int = 1 << 20) throws -> [WebSocketEvent] {
        var decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: 1 << 20, allowsCompressedFrames: true)
        var assembler = try WebSocketMessageAssembler(maximumMessageSize: limit, compression: deflate, role: .client)
        decoder.append(wire)
        var events: [WebSocketEvent] = []
        while let frame = try decoder.next() {
            if let event = try assembler.take(frame) { events.append(event) }
        }
        return events
    }

    @Test("§7.2.3.1: Hello compresses to f2 48 cd c9 c9 07 00 and the frame c1 07 … inflates back")
    func compressedHello() throws {
        let deflater = try WebSocketDeflater(windowBits: 15, noContextTakeover: false)
        #expect(try deflater.compress(Self.hello) == [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00])
        #expect(try Self.messages([0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]) == [.message(.text("Hello"))])
    }

    @Test("§7.2.3.1: the compressed Hello fragmented into two frames")
    func fragmentedCompressedHello() throws {
        let wire: [UInt8] = [0x41, 0x03, 0xF2, 0x48, 0xCD, 0x80, 0x04, 0xC9, 0xC9, 0x07, 0x00]
        #expect(try Self.messages(wire) == [.message(.text("Hello"))])
    }

    @Test("§7.2.3.2: a second Hello with the context kept is f2 00 11 00 00; without context takeover it repeats")
    func sharedContext() throws {
        let deflater = try WebSocketDeflater(windowBits: 15, noContextTakeover: false)
        _ = try deflater.compress(Self.hello)
        #expect(try deflater.compress(Self.hello) == [0xF2, 0x00, 0x11, 0x00, 0x00])
        let wire: [UInt8] = [0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0xC1, 0x05, 0xF2, 0x00, 0x11, 0x00, 0x00]
        #expect(try Self.messages(wire) == [.message(.text("Hello")), .message(.text("Hello"))])
        let fresh = try WebSocketDeflater(windowBits: 15, noContextTakeover: true)
        #expect(try fresh.compress(Self.hello) == fresh.compress(Self.hello))
    }

    @Test("without context takeover the inflater resets: the same compressed bytes twice give Hello twice")
    func inflaterResets() throws {
        let frame: [UInt8] = [0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
        let events = try Self.messages(frame + frame, deflate: PerMessageDeflate(serverNoContextTakeover: true))
        #expect(events == [.message(.text("Hello")), .message(.text("Hello"))])
    }

    @Test("§7.2.3.3-5: a stored block, a BFINAL block and two blocks in one message all inflate to Hello")
    func otherBlockForms() throws {
        let stored: [UInt8] = [0xC1, 0x0B, 0x00, 0x05, 0x00, 0xFA, 0xFF, 0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x00]
        let final: [UInt8] = [0xC1, 0x08, 0xF3, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x00]
        let twoBlocks: [UInt8] = [0xC1, 0x0D, 0xF2, 0x48, 0x05, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xCA, 0xC9, 0xC9, 0x07, 0x00]
        for wire in [stored, final, twoBlocks] { #expect(try Self.messages(wire) == [.message(.text("Hello"))]) }
    }

    @Test("a decompression bomb stops with 1009 at the message size limit")
    func bombCap() throws {
        let deflater = try WebSocketDeflater(windowBits: 15, noContextTakeover: false)
        let bomb = try deflater.compress([UInt8](repeating: 0, count: 8 << 20))
        #expect(bomb.count < 20_000)
        var wire: [UInt8] = []
        WebSocketFrameEncoder.encode(WebSocketFrame(reservedBits: WebSocketFrame.compressedBit, opcode: .binary, payload: bomb), maskingKey: nil, into: &wire)
        #expect(throws: WebSocketError(.messageTooBig, closeCode: .messageTooBig, "a compressed message inflating past 1048576 bytes")) {
            try Self.messages(wire, limit: 1 << 20)
        }
    }

    @Test("corrupt compressed data fails with 1007; a compressed message of bad UTF-8 fails with 1007 too")
    func corruptData() throws {
        let corrupt: [UInt8] = [0xC2, 0x03, 0xFF, 0xFF, 0xFF]
        #expect(throws: WebSocketError.self) { try Self.messages(corrupt) }
        let deflater = try WebSocketDeflater(windowBits: 15, noContextTakeover: false)
        var wire: [UInt8] = []
        let payload = try deflater.compress([0x61, 0xFF])
        WebSocketFrameEncoder.encode(WebSocketFrame(reservedBits: 0x40, opcode: .text, payload: payload), maskingKey: nil, into: &wire)
        do {
            _ = try Self.messages(wire)
            Issue.record("bad UTF-8 was accepted")
        } catch let error as WebSocketError {
            #expect(error.closeCode == .invalidFramePayloadData)
        }
    }

    @Test("a side limited to an 8-bit window gets no deflater (zlib cannot keep to 256 bytes); 9 bits and up do")
    func eightBitWindow() throws {
        let limited = PerMessageDeflate(serverMaxWindowBits: 9, clientMaxWindowBits: 8)
        #expect(try limited.makeDeflater(as: .client) == nil)
        #expect(try limited.makeDeflater(as: .server) != nil)
    }

    /// Found by Scripts/interop-websocket.sh against Python's websockets: messages after an empty one inflated
    /// there to the wrong bytes. Inflated here by Python's zlib (not ours), each with the 00 00 ff ff tail.
    @Test("a context kept across messages, an empty one among them, inflates right with another zlib")
    func sharedContextReadByPythonZlib() async throws {
        let deflater = try WebSocketDeflater(windowBits: 15, noContextTakeover: false)
        let messages: [[UInt8]] = [Array(0...255), [], (0..<97).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }, Array(repeating: 7, count: 300), []]
        let compressed = try messages.map { try deflater.compress($0).map { String(format: "%02x", $0) }.joined() }
        let script = """
            import sys, zlib
            d = zlib.decompressobj(-15)
            for line in sys.stdin.read().split("\\n"):
                print(d.decompress(bytes.fromhex(line) + b"\\x00\\x00\\xff\\xff").hex())
            """
        let output = try await ChildProcess.runOffPool(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: Data(compressed.joined(separator: "\n").utf8))
        let inflated = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(inflated.map(String.init) == messages.map { $0.map { String(format: "%02x", $0) }.joined() }, "\(compressed)")
    }

    @Test("round trips of many sizes and window sizes, with and without context takeover")
    func roundTrips() throws {
        for bits in [9, 12, 15] {
            for reset in [false, true] {
                let deflater = try WebSocketDeflater(windowBits: bits, noContextTakeover: reset)
                let inflater = try WebSocketInflater(noContextTakeover: reset)
                for size in [0, 1, 100, 70_000] {
                    let message = (0..<size).map { UInt8(($0 * 7 / 3) & 0xFF) }
                    var output: [UInt8] = []
                    try inflater.inflate(try deflater.compress(message), final: true, into: &output, limit: 1 << 20)
                    #expect(output == message)
                }
            }
        }
    }
}
#endif

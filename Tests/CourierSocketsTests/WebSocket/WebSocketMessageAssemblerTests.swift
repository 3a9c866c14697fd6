import CourierHTTP
import Foundation
import Testing
@testable import CourierSockets

@Suite("WebSocket message assembly: fragments, control frames, limits, UTF-8 (RFC 6455 §5.4, §8.1)")
struct WebSocketMessageAssemblerTests {
    static func frame(_ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, payload: bytes)
    }

    /// The events of `frames`, and the error with the index of the frame that raised it.
    static func run(_ frames: [WebSocketFrame], limit: Int = 1 << 20) throws -> (events: [WebSocketEvent], error: WebSocketError?, at: Int?) {
        var assembler = try WebSocketMessageAssembler(maximumMessageSize: limit, role: .client)
        var events: [WebSocketEvent] = []
        for (index, frame) in frames.enumerated() {
            do {
                if let event = try assembler.take(frame) { events.append(event) }
            } catch {
                return (events, error, index)
            }
        }
        return (events, nil, nil)
    }

    @Test("fragments join into one message with a ping and a pong between them")
    func fragmentsWithControlFrames() throws {
        let result = try Self.run([
            Self.frame(.text, Array("Hel".utf8), fin: false), Self.frame(.ping, [1]),
            Self.frame(.continuation, Array("l".utf8), fin: false), Self.frame(.pong, [2]),
            Self.frame(.continuation, Array("o".utf8)), Self.frame(.binary, [9, 8]),
        ])
        #expect(result.error == nil)
        #expect(result.events == [.ping([1]), .pong([2]), .message(.text("Hello")), .message(.binary(Data([9, 8])))])
    }

    @Test("a continuation with no message, or a new message inside a fragmented one, fails with 1002")
    func misplacedFragments() throws {
        #expect(try Self.run([Self.frame(.continuation, [1])]).error?.closeCode == .protocolError)
        let interleaved = try Self.run([Self.frame(.binary, [1], fin: false), Self.frame(.text, [0x41])])
        #expect(interleaved.error?.closeCode == .protocolError)
        #expect(interleaved.at == 1)
    }

    @Test("a message over the limit across fragments fails with 1009 at the fragment that passes it")
    func messageSizeLimit() throws {
        let result = try Self.run([
            Self.frame(.binary, [UInt8](repeating: 0, count: 60), fin: false),
            Self.frame(.continuation, [UInt8](repeating: 0, count: 40), fin: false),
            Self.frame(.continuation, [UInt8](repeating: 0, count: 1), fin: false),
            Self.frame(.continuation, []),
        ], limit: 100)
        #expect(result.error?.closeCode == .messageTooBig)
        #expect(result.at == 2)
        #expect(try Self.run([Self.frame(.binary, [UInt8](repeating: 0, count: 100))], limit: 100).events.count == 1)
    }

    @Test("invalid UTF-8 fails with 1007 at the first fragment holding a bad byte, across a fragment boundary")
    func utf8FailsFast() throws {
        // "€" is E2 82 AC: split after E2 82, then a bad continuation; the last fragment never matters.
        let split = try Self.run([
            Self.frame(.text, [0x61, 0xE2, 0x82], fin: false), Self.frame(.continuation, [0x41], fin: false),
            Self.frame(.continuation, Array("tail".utf8)),
        ])
        #expect(split.error?.closeCode == .invalidFramePayloadData)
        #expect(split.error?.kind == .invalidUTF8)
        #expect(split.at == 1)
        let valid = try Self.run([Self.frame(.text, [0x61, 0xE2, 0x82], fin: false), Self.frame(.continuation, [0xAC])])
        #expect(valid.events == [.message(.text("a€"))])
        let truncated = try Self.run([Self.frame(.text, [0x61, 0xE2, 0x82])])
        #expect(truncated.error?.closeCode == .invalidFramePayloadData)
        #expect(try Self.run([Self.frame(.binary, [0xFF])]).error == nil)  // binary is not checked
    }

    @Test("close payloads: empty, code and reason; one byte, codes never sent and a non-UTF-8 reason fail")
    func closePayloads() throws {
        #expect(try Self.run([Self.frame(.close, [])]).events == [.close(try WebSocketClosePayload(sending: nil))])
        let normal = try Self.run([Self.frame(.close, [0x03, 0xE8] + Array("bye".utf8))])
        #expect(normal.events == [.close(try WebSocketClosePayload(sending: .normalClosure, reason: "bye"))])
        #expect(try Self.run([Self.frame(.close, [0x03])]).error?.closeCode == .protocolError)
        for code in [999, 1004, 1005, 1006, 1015, 1016, 2999, 5000] as [UInt16] {
            #expect(try Self.run([Self.frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)])]).error?.closeCode == .protocolError)
        }
        for code in [1000, 1003, 1007, 1014, 3000, 4999] as [UInt16] {
            #expect(try Self.run([Self.frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)])]).error == nil)
        }
        #expect(try Self.run([Self.frame(.close, [0x03, 0xE8, 0xC0, 0x80])]).error?.closeCode == .invalidFramePayloadData)
    }
}

@Suite("Incremental UTF-8 validation")
struct WebSocketUTF8ValidatorTests {
    static func isValid(_ pieces: [[UInt8]]) -> Bool {
        var validator = WebSocketUTF8Validator()
        for piece in pieces where validator.validate(piece) != nil { return false }
        return validator.isComplete
    }

    @Test("agrees with the standard library's decoder on valid and invalid sequences, split at every point", arguments: [
        [0x41], [0xC2, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82], [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0xE2, 0x28, 0xA1],
    ] as [[UInt8]])
    func agreesWithStandardLibrary(bytes: [UInt8]) {
        // Decoding replaces each invalid sequence with U+FFFD, so only valid UTF-8 survives a round trip.
        let expected = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
        #expect(Self.isValid([bytes]) == expected)
        for cut in 0...bytes.count {
            #expect(Self.isValid([Array(bytes[..<cut]), Array(bytes[cut...])]) == expected)
        }
    }

    @Test("reports the index of the first invalid byte, past a long ASCII run")
    func firstInvalidIndex() {
        var validator = WebSocketUTF8Validator()
        #expect(validator.validate(Array(String(repeating: "a", count: 37).utf8) + [0xFE, 0x41]) == 37)
    }
}

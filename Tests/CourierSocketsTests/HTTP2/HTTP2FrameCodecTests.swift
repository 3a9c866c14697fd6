import Courier
import Testing
@testable import CourierSockets

@Suite("HTTP/2 frame encoder and decoder")
struct HTTP2FrameCodecTests {
    static let frames: [HTTP2Frame] = [
        .data(streamID: 1, bytes: Array("hello".utf8), endStream: true),
        .data(streamID: 3, bytes: [1, 2, 3], endStream: false, padding: 7),
        .data(streamID: 5, bytes: [], endStream: true, padding: 0),
        .headers(streamID: 1, block: [0x82, 0x86], endStream: false, endHeaders: true),
        .headers(
            streamID: 7, block: [0x88], endStream: true, endHeaders: false,
            priority: HTTP2Priority(exclusive: true, dependency: 3, weightField: 200), padding: 4
        ),
        .priority(streamID: 9, HTTP2Priority(exclusive: false, dependency: 0, weightField: 15)),
        .rstStream(streamID: 1, code: .cancel),
        .rstStream(streamID: 1, code: HTTP2ErrorCode(rawValue: 0xDEAD)),
        .settings(ack: false, [HTTP2Setting(.enablePush, 0), HTTP2Setting(.initialWindowSize, 1 << 20), HTTP2Setting(identifier: 0x99, value: 7)]),
        .settings(ack: true, []),
        .pushPromise(streamID: 1, promisedStreamID: 2, block: [0x82], endHeaders: true, padding: 2),
        .ping(ack: false, opaque: 0x0102_0304_0506_0708),
        .ping(ack: true, opaque: .max),
        .goAway(lastStreamID: 0x7FFF_FFFF, code: .enhanceYourCalm, debugData: Array("calm down".utf8)),
        .windowUpdate(streamID: 0, increment: 0x7FFF_FFFF),
        .windowUpdate(streamID: 3, increment: 1),
        .continuation(streamID: 7, block: [0x84, 0x85], endHeaders: true),
    ]

    static func decodeAll(_ bytes: [UInt8], pieceSize: Int? = nil) throws -> [HTTP2Frame] {
        var decoder = HTTP2FrameDecoder()
        var frames: [HTTP2Frame] = []
        var start = 0
        repeat {
            let end = min(bytes.count, start + (pieceSize ?? bytes.count))
            decoder.append(Array(bytes[start..<end]))
            while let frame = try decoder.nextFrame() { frames.append(frame) }
            start = end
        } while start < bytes.count
        return frames
    }

    @Test("every frame type round-trips, whole and one byte at a time", arguments: frames)
    func roundTrip(_ frame: HTTP2Frame) throws {
        var bytes: [UInt8] = []
        HTTP2FrameEncoder.encode(frame, into: &bytes)
        #expect(try Self.decodeAll(bytes) == [frame])
        #expect(try Self.decodeAll(bytes, pieceSize: 1) == [frame])
    }

    @Test("all frames in one buffer decode in order, however the bytes are cut")
    func sequence() throws {
        var bytes: [UInt8] = []
        for frame in Self.frames { HTTP2FrameEncoder.encode(frame, into: &bytes) }
        for size in [1, 2, 7, 9, 10, 64, bytes.count] {
            #expect(try Self.decodeAll(bytes, pieceSize: size) == Self.frames)
        }
    }

    @Test("a frame of an unknown type comes out as .unknown and the next frame follows")
    func unknownType() throws {
        var bytes: [UInt8] = [0, 0, 3, 0xFA, 0xFF, 0, 0, 0, 5, 1, 2, 3]
        HTTP2FrameEncoder.encode(.ping(ack: false, opaque: 9), into: &bytes)
        #expect(try Self.decodeAll(bytes) == [.unknown(type: 0xFA, streamID: 5), .ping(ack: false, opaque: 9)])
    }

    @Test("a field block is split into HEADERS and CONTINUATION frames at the peer's frame size")
    func headerBlockSplit() throws {
        let block = (0..<40_000).map { UInt8(truncatingIfNeeded: $0) }
        var bytes: [UInt8] = []
        HTTP2FrameEncoder.encodeHeaderBlock(streamID: 3, block: block, endStream: true, maximumFrameSize: 16_384, into: &bytes)
        let frames = try Self.decodeAll(bytes)
        #expect(frames == [
            .headers(streamID: 3, block: Array(block[0..<16_384]), endStream: true, endHeaders: false),
            .continuation(streamID: 3, block: Array(block[16_384..<32_768]), endHeaders: false),
            .continuation(streamID: 3, block: Array(block[32_768...]), endHeaders: true),
        ])
    }

    @Test("a body is split into DATA frames at the peer's frame size, END_STREAM on the last")
    func dataSplit() throws {
        let body = [UInt8](repeating: 7, count: 20_000)
        var bytes: [UInt8] = []
        body.withUnsafeBytes {
            HTTP2FrameEncoder.encodeData(streamID: 1, bytes: $0, endStream: true, maximumFrameSize: 16_384, into: &bytes)
        }
        #expect(try Self.decodeAll(bytes) == [
            .data(streamID: 1, bytes: Array(body[0..<16_384]), endStream: false),
            .data(streamID: 1, bytes: Array(body[16_384...]), endStream: true),
        ])
    }

    struct Violation: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let code: HTTP2ErrorCode
        let scope: HTTP2Error.Scope
        var testDescription: String { name }
    }

    /// A frame header: length, type, flags, stream.
    static func header(_ length: Int, _ type: UInt8, _ flags: UInt8 = 0, _ stream: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        HTTP2FrameEncoder.writeHeader(length: length, .data, flags: flags, streamID: stream, into: &bytes)
        bytes[3] = type
        return bytes
    }

    static let violations: [Violation] = [
        .init(name: "a frame over MAX_FRAME_SIZE, refused from its header alone", bytes: header(16_385, 0, 0, 1),
              code: .frameSizeError, scope: .connection),
        .init(name: "DATA on stream 0", bytes: header(1, 0, 0, 0) + [0], code: .protocolError, scope: .connection),
        .init(name: "HEADERS on stream 0", bytes: header(1, 1, 4, 0) + [0x82], code: .protocolError, scope: .connection),
        .init(name: "CONTINUATION on stream 0", bytes: header(0, 9, 4, 0), code: .protocolError, scope: .connection),
        .init(name: "RST_STREAM on stream 0", bytes: header(4, 3, 0, 0) + [0, 0, 0, 8], code: .protocolError, scope: .connection),
        .init(name: "SETTINGS on stream 1", bytes: header(0, 4, 0, 1), code: .protocolError, scope: .connection),
        .init(name: "PING on stream 1", bytes: header(8, 6, 0, 1) + [UInt8](repeating: 0, count: 8), code: .protocolError, scope: .connection),
        .init(name: "GOAWAY on stream 1", bytes: header(8, 7, 0, 1) + [UInt8](repeating: 0, count: 8), code: .protocolError, scope: .connection),
        .init(name: "SETTINGS of 5 octets", bytes: header(5, 4, 0, 0) + [0, 1, 0, 0, 0], code: .frameSizeError, scope: .connection),
        .init(name: "SETTINGS ACK with a payload", bytes: header(6, 4, 1, 0) + [0, 1, 0, 0, 0, 0], code: .frameSizeError, scope: .connection),
        .init(name: "PING of 7 octets", bytes: header(7, 6, 0, 0) + [UInt8](repeating: 0, count: 7), code: .frameSizeError, scope: .connection),
        .init(name: "GOAWAY of 7 octets", bytes: header(7, 7, 0, 0) + [UInt8](repeating: 0, count: 7), code: .frameSizeError, scope: .connection),
        .init(name: "RST_STREAM of 3 octets", bytes: header(3, 3, 0, 1) + [0, 0, 0], code: .frameSizeError, scope: .connection),
        .init(name: "WINDOW_UPDATE of 5 octets", bytes: header(5, 8, 0, 1) + [0, 0, 0, 1, 0], code: .frameSizeError, scope: .connection),
        .init(name: "WINDOW_UPDATE of 0 on the connection", bytes: header(4, 8, 0, 0) + [0, 0, 0, 0], code: .protocolError, scope: .connection),
        .init(name: "WINDOW_UPDATE of 0 on a stream", bytes: header(4, 8, 0, 3) + [0x80, 0, 0, 0], code: .protocolError, scope: .stream(3)),
        .init(name: "PRIORITY of 4 octets", bytes: header(4, 2, 0, 3) + [0, 0, 0, 1], code: .frameSizeError, scope: .stream(3)),
        .init(name: "PRIORITY on itself", bytes: header(5, 2, 0, 3) + [0, 0, 0, 3, 9], code: .protocolError, scope: .stream(3)),
        .init(name: "HEADERS depending on itself", bytes: header(6, 1, 0x24, 3) + [0, 0, 0, 3, 9, 0x82], code: .protocolError, scope: .connection),
        .init(name: "HEADERS too short for its priority", bytes: header(4, 1, 0x24, 3) + [0, 0, 0, 1], code: .frameSizeError, scope: .connection),
        .init(name: "padding as long as the frame", bytes: header(3, 0, 8, 1) + [3, 0, 0], code: .protocolError, scope: .connection),
        .init(name: "PADDED without a Pad Length", bytes: header(0, 0, 8, 1), code: .frameSizeError, scope: .connection),
        .init(name: "PUSH_PROMISE without its promised stream", bytes: header(3, 5, 4, 1) + [0, 0, 2], code: .frameSizeError, scope: .connection),
    ]

    @Test("frame rules broken give the RFC's code and scope", arguments: violations)
    func violation(_ violation: Violation) {
        var decoder = HTTP2FrameDecoder()
        decoder.append(violation.bytes)
        #expect {
            _ = try decoder.nextFrame()
        } throws: { error in
            let error = error as? HTTP2Error
            return error?.code == violation.code && error?.scope == violation.scope
        }
    }

    @Test("after a stream error the next frame decodes; after a connection error the decoder stays failed")
    func afterErrors() throws {
        var decoder = HTTP2FrameDecoder()
        var decoderBytes: [UInt8] = []
        decoder.append(Self.header(4, 2, 0, 3) + [0, 0, 0, 1])
        HTTP2FrameEncoder.encode(.ping(ack: false, opaque: 1), into: &decoderBytes)
        decoder.append(decoderBytes)
        #expect(throws: HTTP2Error.self) { try decoder.nextFrame() }
        #expect(try decoder.nextFrame() == .ping(ack: false, opaque: 1))

        var failed = HTTP2FrameDecoder()
        failed.append(Self.header(1, 0, 0, 0) + [0] + decoderBytes)
        #expect(throws: HTTP2Error.self) { try failed.nextFrame() }
        #expect(throws: HTTP2Error.self) { try failed.nextFrame() }
    }

    @Test("a server-side decoder requires the client preface, whole or in pieces")
    func preface() throws {
        var decoder = HTTP2FrameDecoder(expectsClientPreface: true)
        decoder.append(Array(HTTP2FrameDecoder.clientPreface[0..<10]))
        #expect(try decoder.nextFrame() == nil)
        decoder.append(Array(HTTP2FrameDecoder.clientPreface[10...]))
        var ping: [UInt8] = []
        HTTP2FrameEncoder.encode(.ping(ack: true, opaque: 2), into: &ping)
        decoder.append(ping)
        #expect(try decoder.nextFrame() == .ping(ack: true, opaque: 2))

        var wrong = HTTP2FrameDecoder(expectsClientPreface: true)
        wrong.append(Array("GET / HTTP/1.1\r\n".utf8))
        #expect(throws: HTTP2Error.connection(.protocolError, "the client connection preface is wrong")) { try wrong.nextFrame() }
    }

    @Test("a long stream of frames in small reads decodes completely and leaves nothing buffered")
    func longStream() throws {
        var decoder = HTTP2FrameDecoder()
        var frame: [UInt8] = []
        HTTP2FrameEncoder.encode(.data(streamID: 1, bytes: [UInt8](repeating: 1, count: 1000), endStream: false), into: &frame)
        var chunk: [UInt8] = []
        for _ in 0..<5 { chunk += frame }
        var count = 0
        for _ in 0..<2000 {
            decoder.append(Array(chunk[0..<3000]))
            while try decoder.nextFrame() != nil { count += 1 }
            decoder.append(Array(chunk[3000...]))
            while try decoder.nextFrame() != nil { count += 1 }
        }
        #expect(count == 10_000)
        #expect(decoder.bufferedByteCount == 0)
    }
}

@Suite("HTTP/2 settings and errors")
struct HTTP2SettingsTests {
    @Test("each parameter is applied; unknown identifiers are ignored")
    func apply() throws {
        var settings = HTTP2Settings()
        for setting in [
            HTTP2Setting(.headerTableSize, 100), HTTP2Setting(.enablePush, 0), HTTP2Setting(.maxConcurrentStreams, 7),
            HTTP2Setting(.initialWindowSize, 0x7FFF_FFFF), HTTP2Setting(.maxFrameSize, 0xFF_FFFF), HTTP2Setting(.maxHeaderListSize, 9),
            HTTP2Setting(identifier: 0x4242, value: 1),
        ] { try settings.apply(setting) }
        #expect(settings.headerTableSize == 100 && !settings.enablePush && settings.maxConcurrentStreams == 7)
        #expect(settings.initialWindowSize == 0x7FFF_FFFF && settings.maxFrameSize == 0xFF_FFFF && settings.maxHeaderListSize == 9)
    }

    @Test("values out of range are connection errors with the RFC's code", arguments: [
        (HTTP2Setting(.enablePush, 2), HTTP2ErrorCode.protocolError),
        (HTTP2Setting(.initialWindowSize, 0x8000_0000), .flowControlError),
        (HTTP2Setting(.maxFrameSize, 16_383), .protocolError),
        (HTTP2Setting(.maxFrameSize, 0x100_0000), .protocolError),
    ])
    func invalid(_ setting: HTTP2Setting, _ code: HTTP2ErrorCode) {
        var settings = HTTP2Settings()
        #expect { try settings.apply(setting) } throws: { ($0 as? HTTP2Error)?.code == code }
        #expect(settings == HTTP2Settings())
    }

    @Test("an HTTP/2 error is a badServerResponse naming its code")
    func networkError() {
        let error = HTTP2Error(.refusedStream, .stream(3), sentByPeer: true, "")
        #expect(error.isUnprocessed)
        guard case .transport(let failure) = error.networkError else {
            Issue.record("not a transport error")
            return
        }
        #expect(failure.kind == .badServerResponse && failure.code == 7)
        #expect(failure.message == "HTTP/2 stream 3 reset by the server with REFUSED_STREAM (0x7)")
        let local = HTTP2Error.connection(.flowControlError, "too much")
        #expect(!local.isUnprocessed)
        #expect(local.description == "HTTP/2 connection error with FLOW_CONTROL_ERROR (0x3): too much")
        #expect(HTTP2ErrorCode(rawValue: 0x2a).description == "unknown error (0x2a)")
    }
}

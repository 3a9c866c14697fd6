extension HTTP2FrameDecoder {
    /// The 9-octet frame header: length, type, flags, stream identifier (the reserved bit dropped).
    struct FrameHeader {
        let length: Int
        let type: UInt8
        let flags: UInt8
        let streamID: UInt32

        init(_ bytes: [UInt8], at index: Int) {
            length = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
            type = bytes[index + 3]
            flags = bytes[index + 4]
            streamID = PayloadReader.uint32(bytes, at: index + 5) & 0x7FFF_FFFF
        }

        func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
    }

    /// Reads a frame's payload front to back, within its bounds.
    struct PayloadReader {
        let buffer: [UInt8]
        var start: Int
        var end: Int

        var count: Int { end - start }

        static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
            UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
        }

        mutating func uint8() -> UInt8 {
            defer { start += 1 }
            return buffer[start]
        }

        mutating func uint16() -> UInt16 {
            defer { start += 2 }
            return UInt16(buffer[start]) << 8 | UInt16(buffer[start + 1])
        }

        mutating func uint32() -> UInt32 {
            defer { start += 4 }
            return Self.uint32(buffer, at: start)
        }

        mutating func uint64() -> UInt64 {
            UInt64(uint32()) << 32 | UInt64(uint32())
        }

        /// The rest of the payload as an array (the one copy a frame's bytes take).
        mutating func rest() -> [UInt8] {
            defer { start = end }
            return start == end ? [] : Array(buffer[start..<end])
        }

        /// Reads the Pad Length field when the PADDED flag is set and drops the padding from the end.
        mutating func stripPadding(_ header: FrameHeader, fixedFields: Int) throws(HTTP2Error) -> UInt8? {
            guard header.has(HTTP2Frame.Flag.padded) else { return nil }
            guard count >= 1 else { throw .connection(.frameSizeError, "a padded frame without its Pad Length") }
            let padding = uint8()
            guard Int(padding) + fixedFields <= count else {
                throw .connection(.protocolError, "padding of \(padding) octets fills the whole frame")
            }
            end -= Int(padding)
            return padding
        }
    }
}

extension HTTP2FrameDecoder.FrameHeader {
    typealias Reader = HTTP2FrameDecoder.PayloadReader

    /// The frame this header and payload make, after the frame-specific length, padding and stream-identifier
    /// rules of RFC 9113 §6.
    func decode(_ payload: inout Reader) throws(HTTP2Error) -> HTTP2Frame {
        guard let kind = HTTP2Frame.Kind(rawValue: type) else { return .unknown(type: type, streamID: streamID) }
        try checkStreamID(kind)
        switch kind {
        case .data:
            let padding = try payload.stripPadding(self, fixedFields: 0)
            return .data(streamID: streamID, bytes: payload.rest(), endStream: has(HTTP2Frame.Flag.endStream), padding: padding)
        case .headers: return try decodeHeaders(&payload)
        case .priority:
            guard payload.count == 5 else { throw .stream(streamID, .frameSizeError, "PRIORITY of \(length) octets") }
            let priority = Self.priority(&payload)
            guard priority.dependency != streamID else { throw .stream(streamID, .protocolError, "stream \(streamID) depends on itself") }
            return .priority(streamID: streamID, priority)
        case .rstStream:
            try requireLength(4)
            return .rstStream(streamID: streamID, code: HTTP2ErrorCode(rawValue: payload.uint32()))
        case .settings: return try decodeSettings(&payload)
        case .pushPromise:
            let padding = try payload.stripPadding(self, fixedFields: 4)
            guard payload.count >= 4 else { throw .connection(.frameSizeError, "PUSH_PROMISE of \(length) octets") }
            let promised = payload.uint32() & 0x7FFF_FFFF
            return .pushPromise(
                streamID: streamID, promisedStreamID: promised, block: payload.rest(), endHeaders: has(HTTP2Frame.Flag.endHeaders),
                padding: padding
            )
        case .ping:
            try requireLength(8)
            return .ping(ack: has(HTTP2Frame.Flag.ack), opaque: payload.uint64())
        case .goAway:
            guard length >= 8 else { throw .connection(.frameSizeError, "GOAWAY of \(length) octets") }
            let last = payload.uint32() & 0x7FFF_FFFF
            return .goAway(lastStreamID: last, code: HTTP2ErrorCode(rawValue: payload.uint32()), debugData: payload.rest())
        case .windowUpdate: return try decodeWindowUpdate(&payload)
        case .continuation:
            return .continuation(streamID: streamID, block: payload.rest(), endHeaders: has(HTTP2Frame.Flag.endHeaders))
        }
    }

    /// Frames of a stream must not name stream 0; connection-level frames must (RFC 9113 §6).
    private func checkStreamID(_ kind: HTTP2Frame.Kind) throws(HTTP2Error) {
        switch kind {
        case .settings, .ping, .goAway:
            guard streamID == 0 else { throw .connection(.protocolError, "\(kind) on stream \(streamID)") }
        case .data, .headers, .priority, .rstStream, .pushPromise, .continuation:
            guard streamID != 0 else { throw .connection(.protocolError, "\(kind) on stream 0") }
        case .windowUpdate: break
        }
    }

    private func requireLength(_ expected: Int) throws(HTTP2Error) {
        guard length == expected else {
            throw .connection(.frameSizeError, "\(HTTP2Frame.Kind(rawValue: type).map { "\($0)" } ?? "frame") of \(length) octets")
        }
    }

    private static func priority(_ payload: inout Reader) -> HTTP2Priority {
        let word = payload.uint32()
        return HTTP2Priority(exclusive: word & 0x8000_0000 != 0, dependency: word & 0x7FFF_FFFF, weightField: payload.uint8())
    }

    private func decodeHeaders(_ payload: inout Reader) throws(HTTP2Error) -> HTTP2Frame {
        let hasPriority = has(HTTP2Frame.Flag.priority)
        let padding = try payload.stripPadding(self, fixedFields: hasPriority ? 5 : 0)
        var priority: HTTP2Priority?
        if hasPriority {
            guard payload.count >= 5 else { throw .connection(.frameSizeError, "HEADERS too short for its priority") }
            let fields = Self.priority(&payload)
            // A stream error by the RFC, but the field block would then go undecoded and HPACK's state out of
            // step, so the whole connection ends.
            guard fields.dependency != streamID else { throw .connection(.protocolError, "stream \(streamID) depends on itself") }
            priority = fields
        }
        return .headers(
            streamID: streamID, block: payload.rest(), endStream: has(HTTP2Frame.Flag.endStream),
            endHeaders: has(HTTP2Frame.Flag.endHeaders), priority: priority, padding: padding
        )
    }

    private func decodeSettings(_ payload: inout Reader) throws(HTTP2Error) -> HTTP2Frame {
        let ack = has(HTTP2Frame.Flag.ack)
        guard !ack || length == 0 else { throw .connection(.frameSizeError, "a SETTINGS acknowledgement with a payload") }
        guard length % 6 == 0 else { throw .connection(.frameSizeError, "SETTINGS of \(length) octets") }
        var settings: [HTTP2Setting] = []
        settings.reserveCapacity(length / 6)
        while payload.count > 0 {
            settings.append(HTTP2Setting(identifier: payload.uint16(), value: payload.uint32()))
        }
        return .settings(ack: ack, settings)
    }

    private func decodeWindowUpdate(_ payload: inout Reader) throws(HTTP2Error) -> HTTP2Frame {
        try requireLength(4)
        let increment = payload.uint32() & 0x7FFF_FFFF
        guard increment > 0 else {
            throw streamID == 0
                ? .connection(.protocolError, "WINDOW_UPDATE of 0 on the connection")
                : .stream(streamID, .protocolError, "WINDOW_UPDATE of 0")
        }
        return .windowUpdate(streamID: streamID, increment: increment)
    }
}

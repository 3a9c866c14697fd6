/// Writes HTTP/2 frames (RFC 9113 §4, §6) onto the end of a byte buffer.
///
/// `encode(_:into:)` writes any one frame as given; `encodeHeaderBlock` and `encodeData` split a field block
/// or a body to the peer's SETTINGS_MAX_FRAME_SIZE (a field block into HEADERS and CONTINUATION frames).
package enum HTTP2FrameEncoder {
    /// Appends one frame exactly as described (no splitting: a payload over the peer's maximum is the
    /// caller's mistake).
    package static func encode(_ frame: HTTP2Frame, into out: inout [UInt8]) {
        switch frame {
        case .data(let id, let bytes, let endStream, let padding):
            padded(.data, flags: endStream ? HTTP2Frame.Flag.endStream : 0, streamID: id, padding: padding, fields: [], bytes, &out)
        case .headers(let id, let block, let endStream, let endHeaders, let priority, let padding):
            var flags = (endStream ? HTTP2Frame.Flag.endStream : 0) | (endHeaders ? HTTP2Frame.Flag.endHeaders : 0)
            var fields: [UInt8] = []
            if let priority {
                flags |= HTTP2Frame.Flag.priority
                append(priority, to: &fields)
            }
            padded(.headers, flags: flags, streamID: id, padding: padding, fields: fields, block, &out)
        case .priority(let id, let priority):
            writeHeader(length: 5, .priority, flags: 0, streamID: id, into: &out)
            append(priority, to: &out)
        case .rstStream(let id, let code):
            writeHeader(length: 4, .rstStream, flags: 0, streamID: id, into: &out)
            append(code.rawValue, to: &out)
        case .settings(let ack, let settings):
            writeHeader(length: settings.count * 6, .settings, flags: ack ? HTTP2Frame.Flag.ack : 0, streamID: 0, into: &out)
            for setting in settings {
                out.append(UInt8(setting.identifier >> 8))
                out.append(UInt8(setting.identifier & 0xFF))
                append(setting.value, to: &out)
            }
        case .pushPromise(let id, let promised, let block, let endHeaders, let padding):
            var fields: [UInt8] = []
            append(promised, to: &fields)
            padded(.pushPromise, flags: endHeaders ? HTTP2Frame.Flag.endHeaders : 0, streamID: id, padding: padding, fields: fields, block, &out)
        case .ping(let ack, let opaque):
            writeHeader(length: 8, .ping, flags: ack ? HTTP2Frame.Flag.ack : 0, streamID: 0, into: &out)
            append(UInt32(truncatingIfNeeded: opaque >> 32), to: &out)
            append(UInt32(truncatingIfNeeded: opaque), to: &out)
        case .goAway(let last, let code, let debugData):
            writeHeader(length: 8 + debugData.count, .goAway, flags: 0, streamID: 0, into: &out)
            append(last, to: &out)
            append(code.rawValue, to: &out)
            out.append(contentsOf: debugData)
        case .windowUpdate(let id, let increment):
            writeHeader(length: 4, .windowUpdate, flags: 0, streamID: id, into: &out)
            append(increment, to: &out)
        case .continuation(let id, let block, let endHeaders):
            writeHeader(length: block.count, .continuation, flags: endHeaders ? HTTP2Frame.Flag.endHeaders : 0, streamID: id, into: &out)
            out.append(contentsOf: block)
        case .unknown:
            break
        }
    }

    /// Appends a field block as one HEADERS frame followed by as many CONTINUATION frames as
    /// `maximumFrameSize` requires; END_HEADERS is on the last of them, END_STREAM on the HEADERS frame.
    package static func encodeHeaderBlock(
        streamID: UInt32, block: [UInt8], endStream: Bool, maximumFrameSize: Int, into out: inout [UInt8]
    ) {
        let size = max(1, maximumFrameSize)
        var start = 0
        repeat {
            let end = min(block.count, start + size)
            let last = end == block.count
            let flags = (last ? HTTP2Frame.Flag.endHeaders : 0) | (start == 0 && endStream ? HTTP2Frame.Flag.endStream : 0)
            writeHeader(length: end - start, start == 0 ? .headers : .continuation, flags: flags, streamID: streamID, into: &out)
            out.append(contentsOf: block[start..<end])
            start = end
        } while start < block.count
    }

    /// Appends `bytes` as DATA frames of at most `maximumFrameSize` octets, END_STREAM on the last when
    /// `endStream` (an empty `bytes` with `endStream` is one empty DATA frame).
    package static func encodeData(
        streamID: UInt32, bytes: UnsafeRawBufferPointer, endStream: Bool, maximumFrameSize: Int, into out: inout [UInt8]
    ) {
        let size = max(1, maximumFrameSize)
        var start = 0
        repeat {
            let end = min(bytes.count, start + size)
            let flags = end == bytes.count && endStream ? HTTP2Frame.Flag.endStream : 0
            writeHeader(length: end - start, .data, flags: flags, streamID: streamID, into: &out)
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            start = end
        } while start < bytes.count
    }

    /// Appends the 9-octet frame header.
    package static func writeHeader(length: Int, _ kind: HTTP2Frame.Kind, flags: UInt8, streamID: UInt32, into out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: length >> 16))
        out.append(UInt8(truncatingIfNeeded: length >> 8))
        out.append(UInt8(truncatingIfNeeded: length))
        out.append(kind.rawValue)
        out.append(flags)
        append(streamID & 0x7FFF_FFFF, to: &out)
    }

    private static func padded(
        _ kind: HTTP2Frame.Kind, flags: UInt8, streamID: UInt32, padding: UInt8?, fields: [UInt8], _ body: [UInt8],
        _ out: inout [UInt8]
    ) {
        let padLength = padding.map { 1 + Int($0) } ?? 0
        let flags = flags | (padding == nil ? 0 : HTTP2Frame.Flag.padded)
        writeHeader(length: padLength + fields.count + body.count, kind, flags: flags, streamID: streamID, into: &out)
        if let padding { out.append(padding) }
        out.append(contentsOf: fields)
        out.append(contentsOf: body)
        if let padding { out.append(contentsOf: repeatElement(0, count: Int(padding))) }
    }

    private static func append(_ priority: HTTP2Priority, to out: inout [UInt8]) {
        append(priority.dependency & 0x7FFF_FFFF | (priority.exclusive ? 0x8000_0000 : 0), to: &out)
        out.append(priority.weightField)
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 24))
        out.append(UInt8(truncatingIfNeeded: value >> 16))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value))
    }
}

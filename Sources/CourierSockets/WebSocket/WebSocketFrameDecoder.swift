import CourierHTTP

/// Reads WebSocket frames (RFC 6455 §5.2) from bytes as they arrive, in any pieces, and checks every framing
/// rule before it buffers a payload: RSV bits only where an extension allows them, no reserved opcode, control
/// frames of at most 125 bytes and never fragmented, masking by role, a 64-bit length with its top bit clear,
/// and the frame size limit. A violation is a `WebSocketError` carrying the close code to send (1002, or
/// 1009 for a frame over the limit); after one, every call throws it again.
///
/// ```swift
/// var decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: 1 << 20)
/// decoder.append(bytesRead)
/// while let frame = try decoder.next() { … }
/// ```
package struct WebSocketFrameDecoder {
    /// The side reading: a `.client` rejects masked frames, a `.server` unmasked ones.
    package let role: WebSocketRole
    /// The largest payload accepted (1009 past it).
    package let maximumFrameSize: Int
    /// Whether RSV1 may be set on the first frame of a data message (permessage-deflate was negotiated).
    package var allowsCompressedFrames: Bool

    /// Bytes received and not yet consumed start at `offset`.
    private var buffer: [UInt8] = []
    private var offset = 0
    private var failure: WebSocketError?

    /// A decoder for `role` with a frame size limit.
    package init(role: WebSocketRole, maximumFrameSize: Int, allowsCompressedFrames: Bool = false) {
        self.role = role
        self.maximumFrameSize = maximumFrameSize
        self.allowsCompressedFrames = allowsCompressedFrames
    }

    /// The bytes received but not yet returned as frames.
    package var bufferedCount: Int { buffer.count - offset }

    /// Adds received bytes.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next whole frame, or nil until more bytes arrive.
    package mutating func next() throws(WebSocketError) -> WebSocketFrame? {
        if let failure { throw failure }
        do {
            return try decodeFrame()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func decodeFrame() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - offset
        guard available >= 2 else { return nil }
        let first = buffer[offset]
        let second = buffer[offset + 1]
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolViolation("a frame with the reserved opcode 0x\(String(first & 0x0F, radix: 16))")
        }
        let reserved = first & 0x70
        let fin = first & 0x80 != 0
        try checkHead(opcode: opcode, reserved: reserved, fin: fin, masked: second & 0x80 != 0)
        let shortLength = Int(second & 0x7F)
        if opcode.isControl, shortLength > 125 {
            throw .protocolViolation("a \(opcode) frame with a payload over 125 bytes (RFC 6455 §5.5)")
        }
        let lengthBytes = shortLength == 127 ? 8 : shortLength == 126 ? 2 : 0
        let headerCount = 2 + lengthBytes + (second & 0x80 != 0 ? 4 : 0)
        guard available >= headerCount else { return nil }
        let length = try payloadLength(short: shortLength, lengthBytes: lengthBytes)
        guard length <= UInt64(maximumFrameSize) else {
            throw WebSocketError(.messageTooBig, closeCode: .messageTooBig,
                                 "a frame of \(length) bytes (the limit is \(maximumFrameSize))")
        }
        guard available - headerCount >= Int(length) else { return nil }
        let start = offset + headerCount
        var payload = Array(buffer[start..<(start + Int(length))])
        if second & 0x80 != 0 {
            let key = (buffer[start - 4], buffer[start - 3], buffer[start - 2], buffer[start - 1])
            WebSocketMasking.apply(key: key, to: &payload)
        }
        offset = start + Int(length)
        return WebSocketFrame(fin: fin, reservedBits: reserved, opcode: opcode, payload: payload)
    }

    /// The rules the first two bytes alone decide.
    private func checkHead(opcode: WebSocketOpcode, reserved: UInt8, fin: Bool, masked: Bool) throws(WebSocketError) {
        if reserved & 0x30 != 0 {
            throw .protocolViolation("a frame with RSV2 or RSV3 set, which no negotiated extension defines")
        }
        if reserved & WebSocketFrame.compressedBit != 0 {
            guard allowsCompressedFrames else {
                throw .protocolViolation("a frame with RSV1 set, but permessage-deflate was not negotiated")
            }
            guard opcode == .text || opcode == .binary else {
                throw .protocolViolation("RSV1 set on a \(opcode) frame (RFC 7692 §6: only on a message's first frame)")
            }
        }
        if opcode.isControl, !fin { throw .protocolViolation("a fragmented \(opcode) frame (RFC 6455 §5.5)") }
        switch role {
        case .client where masked: throw .protocolViolation("a masked frame from the server (RFC 6455 §5.1)")
        case .server where !masked: throw .protocolViolation("an unmasked frame from the client (RFC 6455 §5.1)")
        default: break
        }
    }

    /// The payload length from the 7-bit field or the 16- or 64-bit extended length after it.
    private func payloadLength(short: Int, lengthBytes: Int) throws(WebSocketError) -> UInt64 {
        guard lengthBytes > 0 else { return UInt64(short) }
        var length: UInt64 = 0
        for index in 0..<lengthBytes { length = length << 8 | UInt64(buffer[offset + 2 + index]) }
        if lengthBytes == 8, length >> 63 != 0 {
            throw .protocolViolation("a 64-bit payload length with its most significant bit set")
        }
        return length
    }

    /// Drops consumed bytes: all of them when everything was read, else once they are the larger half.
    private mutating func compact() {
        if offset == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            offset = 0
        } else if offset > 4096, offset >= buffer.count / 2 {
            buffer.removeFirst(offset)
            offset = 0
        }
    }
}

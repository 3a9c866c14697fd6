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

    /// A frame head that arrived in pieces, gathered until whole (at most 14 bytes).
    private var headBytes: [UInt8] = []
    /// The frame whose payload is arriving: bytes go straight from `append`'s input into its payload.
    private var current: Head?
    /// Frames decoded and not yet returned (from `readyIndex`), with their size on the wire.
    private var ready: [(frame: WebSocketFrame, wireCount: Int)] = []
    private var readyIndex = 0
    private var failure: WebSocketError?
    /// The bytes received but not yet returned as frames.
    package private(set) var bufferedCount = 0

    /// A decoder for `role` with a frame size limit.
    package init(role: WebSocketRole, maximumFrameSize: Int, allowsCompressedFrames: Bool = false) {
        self.role = role
        self.maximumFrameSize = maximumFrameSize
        self.allowsCompressedFrames = allowsCompressedFrames
    }

    /// Adds received bytes: the frames in them are decoded at once, each payload copied once out of `bytes`.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        if readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
        }
        bufferedCount += bytes.count
        var rest = bytes[...]
        do {
            while !rest.isEmpty {
                rest = current == nil ? try takeHead(rest) : takePayload(rest)
            }
        } catch {
            failure = error
        }
    }

    /// Adds received bytes.
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next whole frame, or nil until more bytes arrive; a violation is thrown after the frames before it.
    package mutating func next() throws(WebSocketError) -> WebSocketFrame? {
        guard readyIndex < ready.count else {
            if let failure { throw failure }
            return nil
        }
        let (frame, wireCount) = ready[readyIndex]
        ready[readyIndex].frame.payload = []  // the caller's payload alone: no copy when it is appended to
        readyIndex += 1
        bufferedCount -= wireCount
        return frame
    }

    /// Reads a frame head from the start of `input` (gathering it in `head` when it is split); returns the rest.
    private mutating func takeHead(_ input: Slice<UnsafeRawBufferPointer>) throws(WebSocketError) -> Slice<UnsafeRawBufferPointer> {
        if headBytes.isEmpty, let head = try parseHead(UnsafeRawBufferPointer(rebasing: input)) {
            begin(head)
            return input.dropFirst(head.wireCount)
        }
        let needed = headBytes.count < 2 ? 2 : Self.headCount(second: headBytes[1])
        let taken = min(needed - headBytes.count, input.count)
        headBytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: input.prefix(taken)))
        let gathered = headBytes.withUnsafeBytes { bytes in Result { () throws(WebSocketError) in try parseHead(bytes) } }
        if let head = try gathered.get() {
            headBytes.removeAll(keepingCapacity: true)
            begin(head)
        }
        return input.dropFirst(taken)
    }

    /// Copies what `input` holds of the current frame's payload; returns the rest.
    private mutating func takePayload(_ input: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        guard var head = current else { return input }
        current = nil  // the payload held once while it grows
        let taken = min(head.length - head.frame.payload.count, input.count)
        head.frame.payload.append(contentsOf: UnsafeRawBufferPointer(rebasing: input.prefix(taken)))
        if head.frame.payload.count == head.length {
            finish(head)
        } else {
            current = head
        }
        return input.dropFirst(taken)
    }

    /// A frame head read: its payload comes next (an empty one is done at once).
    private mutating func begin(_ head: Head) {
        guard head.length > 0 else { return finish(head) }
        var head = head
        head.frame.payload.reserveCapacity(min(head.length, 1 << 20))  // more only as it arrives
        current = head
    }

    /// A frame whose payload is whole: unmasked, it joins the frames ready.
    private mutating func finish(_ head: Head) {
        var frame = head.frame
        if let key = head.key { WebSocketMasking.apply(key: key, to: &frame.payload) }
        ready.append((frame, head.wireCount + head.length))
    }

    /// A frame's head: the frame without its payload, the payload's length and masking key, the head's size.
    private struct Head {
        var frame: WebSocketFrame
        let length: Int
        let key: (UInt8, UInt8, UInt8, UInt8)?
        let wireCount: Int
    }

    /// The frame head at the start of `bytes` with every rule checked, or nil while it is incomplete (the
    /// rules the first two bytes decide are checked as soon as they are there).
    private func parseHead(_ bytes: UnsafeRawBufferPointer) throws(WebSocketError) -> Head? {
        guard bytes.count >= 2 else { return nil }
        let first = bytes[0]
        let second = bytes[1]
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolViolation("a frame with the reserved opcode 0x\(String(first & 0x0F, radix: 16))")
        }
        let reserved = first & 0x70
        let fin = first & 0x80 != 0
        let masked = second & 0x80 != 0
        try checkHead(opcode: opcode, reserved: reserved, fin: fin, masked: masked)
        if opcode.isControl, second & 0x7F > 125 {
            throw .protocolViolation("a \(opcode) frame with a payload over 125 bytes (RFC 6455 §5.5)")
        }
        let headCount = Self.headCount(second: second)
        guard bytes.count >= headCount else { return nil }
        let length = try payloadLength(bytes, second: second)
        guard length <= UInt64(maximumFrameSize) else {
            throw WebSocketError(.messageTooBig, closeCode: .messageTooBig,
                                 "a frame of \(length) bytes (the limit is \(maximumFrameSize))")
        }
        let key = masked ? (bytes[headCount - 4], bytes[headCount - 3], bytes[headCount - 2], bytes[headCount - 1]) : nil
        return Head(frame: WebSocketFrame(fin: fin, reservedBits: reserved, opcode: opcode), length: Int(length), key: key, wireCount: headCount)
    }

    /// The size of a frame head whose second byte is `second`: 2, the extended length, the masking key.
    private static func headCount(second: UInt8) -> Int {
        let short = second & 0x7F
        return 2 + (short == 127 ? 8 : short == 126 ? 2 : 0) + (second & 0x80 != 0 ? 4 : 0)
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
    private func payloadLength(_ bytes: UnsafeRawBufferPointer, second: UInt8) throws(WebSocketError) -> UInt64 {
        let short = second & 0x7F
        let lengthBytes = short == 127 ? 8 : short == 126 ? 2 : 0
        guard lengthBytes > 0 else { return UInt64(short) }
        var length: UInt64 = 0
        for index in 0..<lengthBytes { length = length << 8 | UInt64(bytes[2 + index]) }
        if lengthBytes == 8, length >> 63 != 0 {
            throw .protocolViolation("a 64-bit payload length with its most significant bit set")
        }
        return length
    }
}

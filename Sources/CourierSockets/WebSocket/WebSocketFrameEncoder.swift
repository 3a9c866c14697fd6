import CourierHTTP

/// Writes WebSocket frames (RFC 6455 §5.2): a client's masked with a fresh random key each, a server's unmasked.
///
/// ```swift
/// var encoder = WebSocketFrameEncoder(role: .client)
/// var wire: [UInt8] = []
/// encoder.encode(WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)), into: &wire)
/// ```
package struct WebSocketFrameEncoder {
    /// The side writing: `.client` masks every frame.
    package let role: WebSocketRole
    private var random: any RandomNumberGenerator

    /// An encoder for `role`; `random` draws the masking keys (the system's secure generator by default).
    package init(role: WebSocketRole, random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.role = role
        self.random = random
    }

    /// Appends `frame` to `output`, masked when the role is `.client`.
    package mutating func encode(_ frame: WebSocketFrame, into output: inout [UInt8]) {
        frame.payload.withUnsafeBytes { encode(fin: frame.fin, reservedBits: frame.reservedBits, opcode: frame.opcode, payload: $0, into: &output) }
    }

    /// Appends a frame of `payload` (read in place: a message's bytes go to `output` in one copy) to `output`,
    /// masked when the role is `.client`.
    package mutating func encode(fin: Bool = true, reservedBits: UInt8 = 0, opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        var key: (UInt8, UInt8, UInt8, UInt8)?
        if role == .client {
            let value = random.next() as UInt32
            key = (UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                   UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
        }
        Self.encode(fin: fin, reservedBits: reservedBits & 0x70, opcode: opcode, payload: payload, maskingKey: key, into: &output)
    }

    /// Appends `frame` to `output`, masked with `maskingKey` when one is given (tests and fault injection).
    package static func encode(_ frame: WebSocketFrame, maskingKey: (UInt8, UInt8, UInt8, UInt8)?, into output: inout [UInt8]) {
        frame.payload.withUnsafeBytes {
            encode(fin: frame.fin, reservedBits: frame.reservedBits, opcode: frame.opcode, payload: $0, maskingKey: maskingKey, into: &output)
        }
    }

    private static func encode(fin: Bool, reservedBits: UInt8, opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer,
                               maskingKey: (UInt8, UInt8, UInt8, UInt8)?, into output: inout [UInt8]) {
        let count = payload.count
        output.reserveCapacity(output.count + 14 + count)
        output.append((fin ? 0x80 : 0) | reservedBits | opcode.rawValue)
        let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
        if count < 126 {
            output.append(maskBit | UInt8(count))
        } else if count <= Int(UInt16.max) {
            output.append(maskBit | 126)
            output.append(UInt8(truncatingIfNeeded: count >> 8))
            output.append(UInt8(truncatingIfNeeded: count))
        } else {
            output.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: UInt64(count) >> UInt64(shift))) }
        }
        guard let key = maskingKey else {
            output.append(contentsOf: payload)
            return
        }
        output.append(key.0)
        output.append(key.1)
        output.append(key.2)
        output.append(key.3)
        let start = output.count
        output.append(contentsOf: payload)
        output.withUnsafeMutableBytes { WebSocketMasking.apply(key: key, to: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
    }
}

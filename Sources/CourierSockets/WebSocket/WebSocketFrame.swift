import CourierHTTP

/// One WebSocket frame (RFC 6455 §5.2) with its payload unmasked.
package struct WebSocketFrame: Sendable, Hashable {
    /// Whether this is the last frame of its message (always true for control frames).
    package var fin: Bool
    /// The RSV1-RSV3 bits as they sit in the first byte (mask 0x70); RSV1 (0x40) marks a compressed message
    /// under permessage-deflate.
    package var reservedBits: UInt8
    /// The opcode.
    package var opcode: WebSocketOpcode
    /// The application data, unmasked.
    package var payload: [UInt8]

    /// RSV1: the frame starts a permessage-deflate compressed message.
    package static let compressedBit: UInt8 = 0x40

    /// Creates a frame.
    package init(fin: Bool = true, reservedBits: UInt8 = 0, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.fin = fin
        self.reservedBits = reservedBits & 0x70
        self.opcode = opcode
        self.payload = payload
    }

    /// Whether RSV1 is set (a compressed message under permessage-deflate).
    package var isCompressed: Bool { reservedBits & Self.compressedBit != 0 }
}

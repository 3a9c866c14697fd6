/// A frame's opcode (RFC 6455 §5.2): the low four bits of its first byte. The reserved ones (0x3-0x7,
/// 0xB-0xF) have no case: a frame carrying one fails the connection before it becomes a `WebSocketFrame`.
package enum WebSocketOpcode: UInt8, Sendable, Hashable {
    /// A later fragment of a message.
    case continuation = 0x0
    /// The first frame of a text message.
    case text = 0x1
    /// The first frame of a binary message.
    case binary = 0x2
    /// The close handshake.
    case close = 0x8
    /// A ping, answered with a pong of the same payload.
    case ping = 0x9
    /// A pong.
    case pong = 0xA

    /// Control frames (close, ping, pong) have the high bit of the opcode set.
    package var isControl: Bool { rawValue & 0x8 != 0 }
}

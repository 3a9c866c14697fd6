import CourierHTTP

/// What a run of frames amounts to: a whole message or a control frame (`WebSocketMessageAssembler`).
package enum WebSocketEvent: Sendable, Hashable {
    /// A complete data message, reassembled, decompressed and (for text) UTF-8 checked.
    case message(WebSocketMessage)
    /// A ping with its payload (to be answered with a pong of the same payload).
    case ping([UInt8])
    /// A pong with its payload.
    case pong([UInt8])
    /// The peer's Close frame.
    case close(WebSocketClosePayload)
}

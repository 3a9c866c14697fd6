import CourierHTTP

/// Where a WebSocket is in the close handshake (RFC 6455 §7): who sent a Close frame first, and what may
/// still be sent.
package struct WebSocketCloseHandshake: Sendable, Hashable {
    /// The states of the handshake.
    package enum State: Sendable, Hashable {
        /// Neither side has sent a Close frame.
        case open
        /// We sent a Close frame and wait for the peer's.
        case closeSent
        /// Both Close frames were exchanged: the TCP connection may be closed.
        case closed
    }

    /// The state.
    package private(set) var state: State = .open
    /// The Close frame the peer sent, once it has.
    package private(set) var received: WebSocketClosePayload?

    /// A handshake on an open connection.
    package init() {}

    /// Whether data frames may still be sent: only before our Close frame.
    package var canSendData: Bool { state == .open }

    /// We start (or, on a protocol error, force) the close: the Close frame's payload, or nil when a Close
    /// frame was already sent (it is sent once).
    ///
    /// - Throws: `.invalidArgument` for a code never sent or a reason over 123 bytes.
    package mutating func close(code: WebSocketCloseCode?, reason: String = "") throws(WebSocketError) -> [UInt8]? {
        let payload = try WebSocketClosePayload(sending: code, reason: reason)
        guard state == .open else { return nil }
        state = .closeSent
        return payload.bytes
    }

    /// The peer's Close frame arrived: the payload to answer with (its code echoed, or empty when it had
    /// none), or nil when we had already sent ours. Either way the handshake is then complete.
    package mutating func receive(_ payload: WebSocketClosePayload) -> [UInt8]? {
        received = payload
        defer { state = .closed }
        guard state == .open else { return nil }
        guard let code = payload.code else { return [] }
        return [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
    }
}

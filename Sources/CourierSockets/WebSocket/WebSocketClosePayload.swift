import CourierHTTP

/// The payload of a Close frame (RFC 6455 §5.5.1): an optional code and a UTF-8 reason of at most 123 bytes.
package struct WebSocketClosePayload: Sendable, Hashable {
    /// The code, or nil for an empty Close frame (reported as 1005, `noStatusReceived`).
    package var code: WebSocketCloseCode?
    /// The reason, possibly empty.
    package var reason: String

    /// A payload to send.
    ///
    /// - Throws: `.invalidArgument` for a code never sent (1005, 1006, 1015, below 1000, …) or a reason over
    ///   123 bytes of UTF-8.
    package init(sending code: WebSocketCloseCode?, reason: String = "") throws(WebSocketError) {
        try WebSocketCloseCode.checkSending(code, reason: reason)
        self.code = code
        self.reason = reason
    }

    /// A received payload.
    ///
    /// - Throws: 1002 for a one-byte payload or a code that may not be sent, 1007 for a reason that is not
    ///   UTF-8.
    package init(received payload: [UInt8]) throws(WebSocketError) {
        guard !payload.isEmpty else {
            code = nil
            reason = ""
            return
        }
        guard payload.count >= 2 else { throw .protocolViolation("a Close frame with a one-byte payload") }
        let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isSendable else { throw .protocolViolation("a Close frame with the code \(code), which is never sent") }
        var validator = WebSocketUTF8Validator()
        let reasonBytes = Array(payload[2...])
        guard validator.validate(reasonBytes) == nil, validator.isComplete else {
            throw WebSocketError(.invalidUTF8, closeCode: .invalidFramePayloadData, "a close reason that is not UTF-8")
        }
        self.code = code
        self.reason = String(decoding: reasonBytes, as: UTF8.self)
    }

    /// The frame payload: the code big-endian, then the reason; empty without a code.
    package var bytes: [UInt8] {
        guard let code else { return [] }
        return [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)] + Array(reason.utf8)
    }
}

/// An HTTP/2 error code (RFC 9113 §7), as carried by RST_STREAM and GOAWAY.
///
/// A struct rather than an enum: a peer may send any 32-bit value, and unknown codes must be kept (and treated
/// like `internalError`), not rejected.
package struct HTTP2ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as sent on the wire.
    package var rawValue: UInt32

    /// Creates a code from its wire value.
    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// NO_ERROR (0x0): a graceful shutdown, or a stream no longer needed.
    package static let noError = HTTP2ErrorCode(rawValue: 0x0)
    /// PROTOCOL_ERROR (0x1): an unspecific protocol violation.
    package static let protocolError = HTTP2ErrorCode(rawValue: 0x1)
    /// INTERNAL_ERROR (0x2): the endpoint failed internally.
    package static let internalError = HTTP2ErrorCode(rawValue: 0x2)
    /// FLOW_CONTROL_ERROR (0x3): the flow-control rules were broken.
    package static let flowControlError = HTTP2ErrorCode(rawValue: 0x3)
    /// SETTINGS_TIMEOUT (0x4): a SETTINGS frame was not acknowledged in time.
    package static let settingsTimeout = HTTP2ErrorCode(rawValue: 0x4)
    /// STREAM_CLOSED (0x5): a frame arrived after the stream was half-closed.
    package static let streamClosed = HTTP2ErrorCode(rawValue: 0x5)
    /// FRAME_SIZE_ERROR (0x6): a frame had an invalid size.
    package static let frameSizeError = HTTP2ErrorCode(rawValue: 0x6)
    /// REFUSED_STREAM (0x7): the stream was refused before any application processing; safe to retry.
    package static let refusedStream = HTTP2ErrorCode(rawValue: 0x7)
    /// CANCEL (0x8): the stream is no longer needed.
    package static let cancel = HTTP2ErrorCode(rawValue: 0x8)
    /// COMPRESSION_ERROR (0x9): the field-block compression context cannot be maintained.
    package static let compressionError = HTTP2ErrorCode(rawValue: 0x9)
    /// CONNECT_ERROR (0xa): a CONNECT tunnel was reset or closed abnormally.
    package static let connectError = HTTP2ErrorCode(rawValue: 0xa)
    /// ENHANCE_YOUR_CALM (0xb): the peer behaves in a way that could generate excessive load.
    package static let enhanceYourCalm = HTTP2ErrorCode(rawValue: 0xb)
    /// INADEQUATE_SECURITY (0xc): the transport lacks the required security properties.
    package static let inadequateSecurity = HTTP2ErrorCode(rawValue: 0xc)
    /// HTTP_1_1_REQUIRED (0xd): the request must be repeated over HTTP/1.1.
    package static let http11Required = HTTP2ErrorCode(rawValue: 0xd)

    private static let names = [
        "NO_ERROR", "PROTOCOL_ERROR", "INTERNAL_ERROR", "FLOW_CONTROL_ERROR", "SETTINGS_TIMEOUT", "STREAM_CLOSED",
        "FRAME_SIZE_ERROR", "REFUSED_STREAM", "CANCEL", "COMPRESSION_ERROR", "CONNECT_ERROR", "ENHANCE_YOUR_CALM",
        "INADEQUATE_SECURITY", "HTTP_1_1_REQUIRED",
    ]

    /// The RFC's name and the hex value, e.g. `PROTOCOL_ERROR (0x1)`; unknown codes read `unknown error (0x2a)`.
    package var description: String {
        let name = rawValue < UInt32(Self.names.count) ? Self.names[Int(rawValue)] : "unknown error"
        return "\(name) (0x\(String(rawValue, radix: 16)))"
    }
}

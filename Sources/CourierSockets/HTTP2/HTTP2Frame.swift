/// The stream-priority fields of HEADERS and PRIORITY (RFC 9113 §5.3.2; deprecated, parsed and ignored).
package struct HTTP2Priority: Hashable, Sendable {
    /// The E flag.
    package var exclusive: Bool
    /// The stream this one depends on.
    package var dependency: UInt32
    /// The weight field as sent (the weight minus one, 0…255).
    package var weightField: UInt8
}

/// One HTTP/2 frame (RFC 9113 §6), decoded by `HTTP2FrameDecoder` and written by `HTTP2FrameEncoder`.
///
/// Field blocks are opaque bytes here; HPACK decodes them in the order they arrive. `padding` is the number
/// of padding octets when the PADDED flag is set, nil when it is not.
package enum HTTP2Frame: Hashable, Sendable {
    case data(streamID: UInt32, bytes: [UInt8], endStream: Bool, padding: UInt8? = nil)
    case headers(
        streamID: UInt32, block: [UInt8], endStream: Bool, endHeaders: Bool, priority: HTTP2Priority? = nil,
        padding: UInt8? = nil
    )
    case priority(streamID: UInt32, HTTP2Priority)
    case rstStream(streamID: UInt32, code: HTTP2ErrorCode)
    case settings(ack: Bool, [HTTP2Setting])
    case pushPromise(streamID: UInt32, promisedStreamID: UInt32, block: [UInt8], endHeaders: Bool, padding: UInt8? = nil)
    case ping(ack: Bool, opaque: UInt64)
    case goAway(lastStreamID: UInt32, code: HTTP2ErrorCode, debugData: [UInt8])
    case windowUpdate(streamID: UInt32, increment: UInt32)
    case continuation(streamID: UInt32, block: [UInt8], endHeaders: Bool)
    /// A frame of a type RFC 9113 does not define: its payload is skipped (§4.1, §5.5).
    case unknown(type: UInt8, streamID: UInt32)

    /// The frame type codes.
    package enum Kind: UInt8, Sendable {
        case data = 0x0, headers = 0x1, priority = 0x2, rstStream = 0x3, settings = 0x4, pushPromise = 0x5
        case ping = 0x6, goAway = 0x7, windowUpdate = 0x8, continuation = 0x9
    }

    /// The flag bits.
    package enum Flag {
        package static let endStream: UInt8 = 0x1
        package static let ack: UInt8 = 0x1
        package static let endHeaders: UInt8 = 0x4
        package static let padded: UInt8 = 0x8
        package static let priority: UInt8 = 0x20
    }

    /// The length of the frame header.
    package static let headerLength = 9

    /// The stream the frame belongs to (0 for connection-level frames).
    package var streamID: UInt32 {
        switch self {
        case .data(let id, _, _, _), .headers(let id, _, _, _, _, _), .priority(let id, _), .rstStream(let id, _),
             .pushPromise(let id, _, _, _, _), .windowUpdate(let id, _), .continuation(let id, _, _), .unknown(_, let id):
            id
        case .settings, .ping, .goAway: 0
        }
    }

    /// The octets a DATA frame counts against flow-control windows: its whole payload, padding included
    /// (RFC 9113 §6.9); 0 for other frames.
    package var flowControlledLength: Int {
        guard case .data(_, let bytes, _, let padding) = self else { return 0 }
        return bytes.count + (padding.map { Int($0) + 1 } ?? 0)
    }
}

/// One SETTINGS parameter as sent on the wire: a 16-bit identifier and a 32-bit value.
package struct HTTP2Setting: Hashable, Sendable {
    /// The identifier (`HTTP2Settings.Parameter` for the ones RFC 9113 defines; others are ignored).
    package var identifier: UInt16
    /// The value.
    package var value: UInt32
}

extension HTTP2Setting {
    /// Creates a setting for a known parameter.
    package init(_ parameter: HTTP2Settings.Parameter, _ value: UInt32) {
        self.init(identifier: parameter.rawValue, value: value)
    }
}

/// The six SETTINGS parameters of RFC 9113 §6.5.2 as one endpoint has declared them, starting from the
/// protocol's defaults.
package struct HTTP2Settings: Hashable, Sendable {
    /// The identifiers RFC 9113 defines.
    package enum Parameter: UInt16, Sendable {
        case headerTableSize = 0x1
        case enablePush = 0x2
        case maxConcurrentStreams = 0x3
        case initialWindowSize = 0x4
        case maxFrameSize = 0x5
        case maxHeaderListSize = 0x6
    }

    /// The largest flow-control window, 2^31-1.
    package static let maximumWindowSize: UInt32 = 0x7FFF_FFFF
    /// The smallest MAX_FRAME_SIZE, which is also its default: 16384.
    package static let minimumMaxFrameSize: UInt32 = 16_384
    /// The largest MAX_FRAME_SIZE: 2^24-1.
    package static let maximumMaxFrameSize: UInt32 = 0xFF_FFFF

    /// HEADER_TABLE_SIZE: the HPACK dynamic table size the endpoint's decoder allows (default 4096).
    package var headerTableSize: UInt32 = 4096
    /// ENABLE_PUSH (default true).
    package var enablePush = true
    /// MAX_CONCURRENT_STREAMS: the most streams the other endpoint may open (default: no limit).
    package var maxConcurrentStreams: UInt32?
    /// INITIAL_WINDOW_SIZE: every new stream's flow-control window (default 65535).
    package var initialWindowSize: UInt32 = 65_535
    /// MAX_FRAME_SIZE: the largest frame payload the endpoint accepts (default 16384).
    package var maxFrameSize: UInt32 = HTTP2Settings.minimumMaxFrameSize
    /// MAX_HEADER_LIST_SIZE: advisory cap on a decoded field section (default: no limit).
    package var maxHeaderListSize: UInt32?

    /// The defaults of RFC 9113.
    package init() {}

    /// Applies one received setting, ignoring unknown identifiers (RFC 9113 §6.5.2).
    ///
    /// - Throws: a connection error: ENABLE_PUSH other than 0 or 1 (PROTOCOL_ERROR), INITIAL_WINDOW_SIZE over
    ///   2^31-1 (FLOW_CONTROL_ERROR), MAX_FRAME_SIZE outside 16384…16777215 (PROTOCOL_ERROR).
    package mutating func apply(_ setting: HTTP2Setting) throws(HTTP2Error) {
        guard let parameter = Parameter(rawValue: setting.identifier) else { return }
        let value = setting.value
        switch parameter {
        case .headerTableSize: headerTableSize = value
        case .enablePush:
            guard value <= 1 else { throw .connection(.protocolError, "SETTINGS_ENABLE_PUSH \(value)") }
            enablePush = value == 1
        case .maxConcurrentStreams: maxConcurrentStreams = value
        case .initialWindowSize:
            guard value <= Self.maximumWindowSize else {
                throw .connection(.flowControlError, "SETTINGS_INITIAL_WINDOW_SIZE \(value) over 2^31-1")
            }
            initialWindowSize = value
        case .maxFrameSize:
            guard (Self.minimumMaxFrameSize...Self.maximumMaxFrameSize).contains(value) else {
                throw .connection(.protocolError, "SETTINGS_MAX_FRAME_SIZE \(value) outside 16384...16777215")
            }
            maxFrameSize = value
        case .maxHeaderListSize: maxHeaderListSize = value
        }
    }

    /// The settings that differ from the defaults, to send in a SETTINGS frame (ENABLE_PUSH always included
    /// when off, since a client announces that it refuses push).
    package var nonDefaultSettings: [HTTP2Setting] {
        let defaults = HTTP2Settings()
        var list: [HTTP2Setting] = []
        if headerTableSize != defaults.headerTableSize { list.append(HTTP2Setting(.headerTableSize, headerTableSize)) }
        if !enablePush { list.append(HTTP2Setting(.enablePush, 0)) }
        if let maxConcurrentStreams { list.append(HTTP2Setting(.maxConcurrentStreams, maxConcurrentStreams)) }
        if initialWindowSize != defaults.initialWindowSize { list.append(HTTP2Setting(.initialWindowSize, initialWindowSize)) }
        if maxFrameSize != defaults.maxFrameSize { list.append(HTTP2Setting(.maxFrameSize, maxFrameSize)) }
        if let maxHeaderListSize { list.append(HTTP2Setting(.maxHeaderListSize, maxHeaderListSize)) }
        return list
    }
}

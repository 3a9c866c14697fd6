/// What a client HTTP/2 connection announces and accepts: its receive windows and the caps that keep a
/// hostile server from making it buffer or work without end.
package struct HTTP2Limits: Sendable, Hashable {
    /// Each stream's receive window (our SETTINGS_INITIAL_WINDOW_SIZE): the most response bytes one stream
    /// buffers while its reader does not consume them.
    package var streamWindow: Int
    /// The connection's receive window: the most response bytes all streams buffer together.
    package var connectionWindow: Int
    /// Our SETTINGS_MAX_FRAME_SIZE: the largest frame payload accepted.
    package var maximumFrameSize: Int
    /// Our SETTINGS_MAX_HEADER_LIST_SIZE, announced to the server (HPACK enforces it on decoded lists).
    package var maximumHeaderListSize: Int
    /// Our SETTINGS_MAX_CONCURRENT_STREAMS (streams the server may open; with push off, none are).
    package var maximumConcurrentPeerStreams: Int
    /// The most octets of one field block (HEADERS plus CONTINUATION frames) before the connection fails.
    package var maximumHeaderBlockBytes: Int
    /// The most CONTINUATION frames in one field block.
    package var maximumContinuationFrames: Int
    /// The most SETTINGS frames (each needing an acknowledgement) between two pieces of work.
    package var maximumSettingsWithoutProgress: Int
    /// The most PING frames (each needing an answer) between two pieces of work.
    package var maximumPingsWithoutProgress: Int
    /// The most streams the server resets between two responses.
    package var maximumResetsWithoutProgress: Int
    /// The most frames that do nothing (empty DATA without END_STREAM, PRIORITY, unknown types, frames on
    /// closed streams, unsolicited acknowledgements) between two pieces of work.
    package var maximumEmptyFramesWithoutProgress: Int

    /// Creates limits; the defaults are a 1 MiB window per stream and 4 MiB per connection, 16 KiB frames,
    /// 256 KiB header lists, field blocks of 256 KiB plus 16 KiB of slack in at most 128 CONTINUATIONs, and
    /// floods cut at 100 SETTINGS, 100 PINGs, 200 resets or 1000 empty frames without progress.
    package init(
        streamWindow: Int = 1 << 20,
        connectionWindow: Int = 4 << 20,
        maximumFrameSize: Int = Int(HTTP2Settings.minimumMaxFrameSize),
        maximumHeaderListSize: Int = 256 * 1024,
        maximumConcurrentPeerStreams: Int = 100,
        maximumHeaderBlockBytes: Int = 272 * 1024,
        maximumContinuationFrames: Int = 128,
        maximumSettingsWithoutProgress: Int = 100,
        maximumPingsWithoutProgress: Int = 100,
        maximumResetsWithoutProgress: Int = 200,
        maximumEmptyFramesWithoutProgress: Int = 1000
    ) {
        let window = 1...Int(HTTP2Settings.maximumWindowSize)
        self.streamWindow = streamWindow.clamped(to: window)
        self.connectionWindow = max(connectionWindow, 65_535).clamped(to: window)
        self.maximumFrameSize = maximumFrameSize.clamped(
            to: Int(HTTP2Settings.minimumMaxFrameSize)...Int(HTTP2Settings.maximumMaxFrameSize)
        )
        self.maximumHeaderListSize = maximumHeaderListSize.clamped(to: 0...Int(Int32.max))
        self.maximumConcurrentPeerStreams = maximumConcurrentPeerStreams.clamped(to: 0...Int(Int32.max))
        self.maximumHeaderBlockBytes = maximumHeaderBlockBytes
        self.maximumContinuationFrames = maximumContinuationFrames
        self.maximumSettingsWithoutProgress = maximumSettingsWithoutProgress
        self.maximumPingsWithoutProgress = maximumPingsWithoutProgress
        self.maximumResetsWithoutProgress = maximumResetsWithoutProgress
        self.maximumEmptyFramesWithoutProgress = maximumEmptyFramesWithoutProgress
    }

    /// The SETTINGS we announce: push off, our stream window, frame size, header list size and peer streams.
    package var announcedSettings: HTTP2Settings {
        var settings = HTTP2Settings()
        settings.enablePush = false
        settings.maxConcurrentStreams = UInt32(maximumConcurrentPeerStreams)
        settings.initialWindowSize = UInt32(streamWindow)
        settings.maxFrameSize = UInt32(maximumFrameSize)
        settings.maxHeaderListSize = UInt32(maximumHeaderListSize)
        return settings
    }
}

private extension Int {
    func clamped(to range: ClosedRange<Int>) -> Int { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}

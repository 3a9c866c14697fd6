/// One of our open (or half-closed) streams, as `HTTP2ConnectionStateMachine` tracks it.
struct HTTP2StreamState {
    /// What we may still send on the stream (the server's grant); negative after a SETTINGS shrink.
    var sendWindow: Int64
    /// What the server may still send on the stream.
    var receiveWindow: Int64
    /// Bytes delivered in `.data` events and not yet reported consumed.
    var unconsumed: Int64 = 0
    /// Consumed bytes not yet returned in a WINDOW_UPDATE.
    var pendingCredit: Int64 = 0
    /// We sent END_STREAM.
    var localClosed: Bool
    /// The server sent END_STREAM.
    var remoteClosed = false
    /// A response field block has arrived.
    var receivedHeaders = false
    /// DATA has arrived (a later field block is trailers).
    var receivedData = false
    /// The sender was held back by a window; wake it with `.streamWritable` when one opens.
    var sendBlocked = false
}

/// A field block whose HEADERS frame has arrived but not yet its END_HEADERS.
struct HTTP2PendingHeaderBlock {
    var streamID: UInt32
    var bytes: [UInt8]
    var endStream: Bool
    var continuationFrames = 0
}

/// The streams we reset most recently, so frames the server sent before it saw our RST_STREAM are ignored
/// rather than treated as errors (RFC 9113 §5.1, "closed"). A fixed ring: memory does not grow.
struct HTTP2RecentlyResetStreams {
    private var ids = [UInt32](repeating: 0, count: 64)
    private var next = 0

    mutating func insert(_ id: UInt32) {
        ids[next] = id
        next = (next + 1) % ids.count
    }

    func contains(_ id: UInt32) -> Bool { id != 0 && ids.contains(id) }
}

/// What a field block on a stream is, as far as the frame layer can tell without decoding it.
package enum HTTP2HeaderBlockRole: Hashable, Sendable {
    /// A response head (an interim 1xx or the final one; after a final head without DATA, trailers): decode it.
    case response
    /// Trailers: the block came after DATA and ends the stream.
    case trailers
    /// A block on a stream we reset: decode it to keep HPACK's table in step, then drop it.
    case discard
}

/// A GOAWAY the server sent (RFC 9113 §6.8).
package struct HTTP2GoAway: Hashable, Sendable {
    /// The highest stream the server may have processed; streams above it were not.
    package var lastStreamID: UInt32
    /// Why: NO_ERROR for a graceful shutdown.
    package var code: HTTP2ErrorCode
    /// The server's debug data, as sent.
    package var debugData: [UInt8]
    /// Our open streams above `lastStreamID`, ascending: the server did not process them, they are closed
    /// here and their requests may be replayed on a new connection.
    package var unprocessedStreamIDs: [UInt32]
}

/// Something the connection layer must act on, reported by `HTTP2ConnectionStateMachine` in order.
package enum HTTP2Event: Hashable, Sendable {
    /// A complete field block (CONTINUATIONs joined) for the stream; every block, whatever its role, goes
    /// through the HPACK decoder in this order.
    case headerBlock(streamID: UInt32, block: [UInt8], role: HTTP2HeaderBlockRole)
    /// Response body bytes; report them with `consumed(streamID:bytes:into:)` once read or dropped.
    case data(streamID: UInt32, bytes: [UInt8])
    /// The server ended its side of the stream (END_STREAM): the response is complete.
    case streamEnded(streamID: UInt32)
    /// The stream is closed with an error: the server's RST_STREAM (`error.sentByPeer`) or a violation we
    /// found (RST_STREAM sent). `error.isUnprocessed` says whether the request may be replayed.
    case streamReset(streamID: UInt32, error: HTTP2Error)
    /// A stream that could not send all its body may send more now (`sendableBytes(streamID:)` > 0).
    case streamWritable(streamID: UInt32)
    /// The server's SETTINGS were applied (acknowledged already): the HPACK encoder's table size follows
    /// `headerTableSize`, new streams follow `maxConcurrentStreams`.
    case settingsChanged(HTTP2Settings)
    /// The server answered our PING with this payload.
    case pingAcknowledged(opaque: UInt64)
    /// The server is going away: open no new streams; the listed ones must be replayed elsewhere.
    case goAway(HTTP2GoAway)
    /// The connection failed: a GOAWAY is in the output bytes; write them, then close. Every stream still
    /// open fails with this error.
    case connectionError(HTTP2Error)
}

/// What one call to the state machine produced: bytes to write (in order, before anything else is written
/// for this connection) and events to handle. Reuse one value and `clear()` it, so its storage is kept.
package struct HTTP2Output: Sendable {
    /// Frames to write to the peer.
    package var bytes: [UInt8] = []
    /// Events, in the order the frames caused them.
    package var events: [HTTP2Event] = []

    /// Empty output.
    package init() {}

    /// Empties both, keeping their storage.
    package mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
    }
}

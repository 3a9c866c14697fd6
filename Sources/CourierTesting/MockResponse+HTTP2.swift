extension MockResponse {
    /// A fault on the HTTP/2 stream a response answers (ignored when the request came over HTTP/1.1).
    /// Error codes are RFC 9113's (§7): 0x0 NO_ERROR, 0x1 PROTOCOL_ERROR, 0x2 INTERNAL_ERROR, 0x7
    /// REFUSED_STREAM, 0x8 CANCEL, … Each fault tests how a client tells a request the server never processed
    /// (safe to replay) from one that failed part-way (not safe unless idempotent).
    public enum HTTP2Fault: Sendable, Hashable {
        /// RST_STREAM with `code` instead of a response (`afterBodyBytes` nil), or after the headers and that
        /// many body bytes. With REFUSED_STREAM (0x7) and no bytes, clients may replay the request; after body
        /// bytes the client must report the failure instead.
        case resetStream(code: UInt32, afterBodyBytes: Int64? = nil)
        /// GOAWAY with `code` whose last-stream-id is the stream before this one, instead of a response: this
        /// request counts as unprocessed (a client replays it on a new connection); streams below it are
        /// answered, then the connection closes. NO_ERROR (0) by default: a graceful shutdown.
        case goAway(code: UInt32 = 0)
        /// Instead of a response, a frame every client must reject as a connection error: a PING of 7 octets
        /// (FRAME_SIZE_ERROR). The connection stays open until the client closes it, so a test catches a
        /// client that ignores the error and waits for a response forever.
        case malformedFrame
        /// Before the response, SETTINGS changing the values given (nil: unchanged) mid-connection; the response
        /// waits for the client's acknowledgement. From that acknowledgement on the server holds the client to
        /// them: a stream over the new MAX_CONCURRENT_STREAMS is reset with PROTOCOL_ERROR (before it, refused
        /// with REFUSED_STREAM), DATA past a window shifted by the new INITIAL_WINDOW_SIZE (RFC 9113 §6.9.2; it
        /// may go negative) is a FLOW_CONTROL_ERROR, a frame over the new MAX_FRAME_SIZE (16,384…16,777,215) a
        /// FRAME_SIZE_ERROR, and a field block that does not start with the dynamic table size update a lowered
        /// HEADER_TABLE_SIZE calls for a COMPRESSION_ERROR (each recorded in `malformedRequests` when it ends
        /// the connection).
        case changeSettings(
            maxConcurrentStreams: UInt32? = nil, initialWindowSize: UInt32? = nil, maxFrameSize: UInt32? = nil,
            headerTableSize: UInt32? = nil)
    }

    /// Scripts an HTTP/2 fault for the stream this response answers (see `HTTP2Fault`); over HTTP/1.1 the
    /// response is sent normally, so the same script serves both protocols.
    ///
    /// ```swift
    /// server.enqueue(MockResponse().http2Fault(.resetStream(code: 0x7)))  // REFUSED_STREAM: replayed
    /// ```
    public func http2Fault(_ fault: HTTP2Fault) -> MockResponse {
        var copy = self
        copy.http2Fault = fault
        return copy
    }
}

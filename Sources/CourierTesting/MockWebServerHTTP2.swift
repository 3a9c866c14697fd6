extension MockWebServer {
    /// HTTP/2 on a `MockWebServer`. A cleartext connection that opens with the HTTP/2 client preface (prior
    /// knowledge) is always served over HTTP/2; over TLS, ALPN selects `h2` only when `offeredOverTLS` is set.
    /// Each stream is answered from the same queue of `MockResponse`s (or the dispatcher) and recorded as a
    /// `RecordedRequest` whose `version` is `HTTP/2`.
    ///
    /// The settings below also script connection-level faults; per-stream faults are
    /// `MockResponse.http2Fault(_:)`.
    ///
    /// ```swift
    /// var configuration = MockWebServer.Configuration()
    /// configuration.http2.goAwayAfterRequests = 2   // GOAWAY once two streams arrived on a connection
    /// configuration.http2.sendsWindowUpdates = false // request bodies stall after the first 65,535 bytes
    /// ```
    public struct HTTP2: Sendable, Hashable {
        /// Whether ALPN selects `h2` over TLS when the client offers it (default false: `http/1.1`, so existing
        /// HTTPS tests keep testing HTTP/1.1 even with a client that prefers HTTP/2). Set it to test HTTP/2.
        public var offeredOverTLS: Bool
        /// SETTINGS_MAX_CONCURRENT_STREAMS announced; streams beyond it are refused with REFUSED_STREAM.
        /// Nil (the default) announces no limit. Set a small limit to test that a client queues or replays
        /// requests beyond the server's limit.
        public var maxConcurrentStreams: UInt32?
        /// SETTINGS_INITIAL_WINDOW_SIZE announced: the request body a client may send on a stream before a
        /// WINDOW_UPDATE (0: a window that never opens, with `sendsWindowUpdates` false). 65,535 by default,
        /// the protocol's own initial value; a value above 2^31-1, the largest window (given to the initializer
        /// or set later), is lowered to 2^31-1. A small window tests a client's flow control on uploads.
        public var initialWindowSize: UInt32 {
            didSet { initialWindowSize = Self.usable(initialWindowSize: initialWindowSize) }
        }
        /// Whether request body bytes read are credited back with WINDOW_UPDATE (default true). False scripts
        /// a stalled window: a client can send no more than the initial windows, which tests that a client
        /// honours flow control (waits, or times out) instead of sending past the window.
        public var sendsWindowUpdates: Bool
        /// Whether PINGs are acknowledged (default true). False scripts a peer gone silent, to test a client's
        /// PING liveness check.
        public var acknowledgesPings: Bool
        /// After this many streams on a connection, GOAWAY (NO_ERROR) names the last of them as the last
        /// stream processed: those are answered, streams the client opened after it are neither recorded
        /// nor answered (the client must replay them elsewhere), and the connection closes once the answers
        /// are sent. Nil (the default): never; a value below 1 (given to the initializer or set later) is raised
        /// to 1. Use it to test a client's graceful move to a new connection.
        public var goAwayAfterRequests: Int? {
            didSet { goAwayAfterRequests = Self.usable(goAwayAfterRequests: goAwayAfterRequests) }
        }

        /// Creates HTTP/2 settings; the defaults are a well-behaved server not offered over TLS (see each
        /// property for its default and the fault it scripts when changed).
        public init(
            offeredOverTLS: Bool = false, maxConcurrentStreams: UInt32? = nil, initialWindowSize: UInt32 = 65_535,
            sendsWindowUpdates: Bool = true, acknowledgesPings: Bool = true, goAwayAfterRequests: Int? = nil
        ) {
            self.offeredOverTLS = offeredOverTLS
            self.maxConcurrentStreams = maxConcurrentStreams
            self.initialWindowSize = Self.usable(initialWindowSize: initialWindowSize)
            self.sendsWindowUpdates = sendsWindowUpdates
            self.acknowledgesPings = acknowledgesPings
            self.goAwayAfterRequests = Self.usable(goAwayAfterRequests: goAwayAfterRequests)
        }

        // The limits' rules, for the initializer and the properties' `didSet` alike (Swift runs no observer
        // for an assignment in the initializer).
        private static func usable(initialWindowSize value: UInt32) -> UInt32 { min(value, 0x7FFF_FFFF) }
        private static func usable(goAwayAfterRequests value: Int?) -> Int? { value.map { max(1, $0) } }
    }
}

extension MockWebServer {
    /// Limits and timeouts of a `MockWebServer`. The defaults suit tests (generous timeouts, a free port, no
    /// body limit); change one only to test how a client meets that limit. All are plain properties.
    public struct Configuration: Sendable {
        /// The port to bind on 127.0.0.1; 0 (the default) picks a free one, so parallel tests never collide.
        /// Name a port only when the client must find the server at a fixed address.
        public var port: UInt16
        /// How long a client may take over the request line and header section in all, and how long it may
        /// stall in the middle of a body, before the server gives up, records
        /// `MalformedRequest.Kind.timedOut` and closes the connection. 15 s by default: long enough for a
        /// loaded CI machine, short enough that a client that stalls fails the test instead of hanging it.
        public var readTimeout: Duration
        /// How long an idle keep-alive connection stays open waiting for its next request; 120 s by default,
        /// longer than a test runs, so connection reuse is never broken by the server. Shorten it to test a
        /// client's handling of a server that closes idle connections.
        public var idleTimeout: Duration
        /// The largest request line plus header section accepted; larger ones are answered 431. 64 KiB by
        /// default; a value below 256 (given to the initializer or set later) is raised to 256.
        public var maxHeaderBytes: Int {
            didSet { maxHeaderBytes = Self.usable(maxHeaderBytes: maxHeaderBytes) }
        }
        /// How much of each request body is kept in `RecordedRequest.body`. The rest of a larger body is
        /// still read (and counted in `bodySize`) but discarded, so a multi-GB upload costs no memory.
        /// 16 MiB by default; a negative value (given to the initializer or set later) is taken as 0 (record
        /// no body bytes).
        public var maxRecordedBodyBytes: Int {
            didSet { maxRecordedBodyBytes = Self.usable(maxRecordedBodyBytes: maxRecordedBodyBytes) }
        }
        /// The largest request body accepted at all (answered 413 above it, and recorded as malformed); nil
        /// (the default) accepts any size. Set it to test how a client reports a rejected upload. A negative
        /// value (given to the initializer or set later) is taken as 0 (only empty bodies are accepted).
        public var maxBodyBytes: Int64? {
            didSet { maxBodyBytes = Self.usable(maxBodyBytes: maxBodyBytes) }
        }
        /// The listen backlog (pending connections not yet accepted); 1024 by default, so a burst of
        /// concurrent connections is not refused. A value below 1 (given to the initializer or set later) is
        /// raised to 1.
        public var backlog: Int32 {
            didSet { backlog = Self.usable(backlog: backlog) }
        }
        /// Listen on a Unix domain socket at this path (which must not exist; it is removed at shutdown) instead
        /// of TCP on 127.0.0.1; nil (the default) listens on TCP. `port` is then 0: point the client at the path
        /// (with `SocketTransport`, a `HostResolver` mapping a host to `.unixSocket(path:)`). Use it to test a
        /// client of a local daemon's API (as Docker's), which listens on a socket file rather than a port.
        public var unixSocketPath: String? = nil
        /// HTTP/2: offered over TLS or not, announced settings and scripted connection-level faults (see
        /// `MockWebServer.HTTP2`). Cleartext connections that open with the HTTP/2 preface are always served.
        public var http2 = MockWebServer.HTTP2()
        #if canImport(COpenSSL)
        /// Serve HTTPS with this certificate (see `MockWebServer.TLS`); nil (the default) serves plain HTTP.
        /// Set it to test a client's certificate verification, pinning and mutual TLS against a real handshake.
        public var tls: MockWebServer.TLS? = nil
        #endif

        /// Creates a configuration; every argument has a default suited to tests (see each property for its
        /// default and why). Out-of-range values are raised to the smallest usable one, never rejected, here
        /// and when assigned to the properties later alike.
        public init(
            port: UInt16 = 0,
            readTimeout: Duration = .seconds(15),
            idleTimeout: Duration = .seconds(120),
            maxHeaderBytes: Int = 64 * 1024,
            maxRecordedBodyBytes: Int = 16 * 1024 * 1024,
            maxBodyBytes: Int64? = nil,
            backlog: Int32 = 1024,
            unixSocketPath: String? = nil
        ) {
            self.port = port
            self.readTimeout = readTimeout
            self.idleTimeout = idleTimeout
            self.maxHeaderBytes = Self.usable(maxHeaderBytes: maxHeaderBytes)
            self.maxRecordedBodyBytes = Self.usable(maxRecordedBodyBytes: maxRecordedBodyBytes)
            self.maxBodyBytes = Self.usable(maxBodyBytes: maxBodyBytes)
            self.backlog = Self.usable(backlog: backlog)
            self.unixSocketPath = unixSocketPath
        }

        // The limits' rules, for the initializer and the properties' `didSet` alike (Swift runs no observer
        // for an assignment in the initializer).
        private static func usable(maxHeaderBytes value: Int) -> Int { max(256, value) }
        private static func usable(maxRecordedBodyBytes value: Int) -> Int { max(0, value) }
        private static func usable(backlog value: Int32) -> Int32 { max(1, value) }
        private static func usable(maxBodyBytes value: Int64?) -> Int64? { value.map { max(0, $0) } }
    }
}

extension Duration {
    /// The duration in seconds as a `Double` (attosecond precision is not needed for socket timeouts).
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

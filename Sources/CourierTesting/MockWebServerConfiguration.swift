extension MockWebServer {
    /// Limits and timeouts of a `MockWebServer`. The defaults suit tests; all are plain properties.
    public struct Configuration: Sendable {
        /// The port to bind on 127.0.0.1; 0 (the default) picks a free one.
        public var port: UInt16
        /// How long a client may take over the request line and header section in all, and how long it may
        /// stall in the middle of a body, before the server gives up, records
        /// `MalformedRequest.Kind.timedOut` and closes the connection.
        public var readTimeout: Duration
        /// How long an idle keep-alive connection stays open waiting for its next request.
        public var idleTimeout: Duration
        /// The largest request line plus header section accepted; larger ones are answered 431.
        public var maxHeaderBytes: Int
        /// How much of each request body is kept in `RecordedRequest.body`. The rest of a larger body is
        /// still read (and counted in `bodySize`) but discarded, so a multi-GB upload costs no memory.
        public var maxRecordedBodyBytes: Int
        /// The largest request body accepted at all (answered 413 above it); nil accepts any size.
        public var maxBodyBytes: Int64?
        /// The listen backlog (pending connections not yet accepted).
        public var backlog: Int32
        /// Listen on a Unix domain socket at this path (which must not exist; it is removed at shutdown) instead
        /// of TCP on 127.0.0.1; nil (the default) listens on TCP. `port` is then 0: point the client at the path
        /// (with `SocketTransport`, a `HostResolver` mapping a host to `.unixSocket(path:)`).
        public var unixSocketPath: String? = nil
        /// HTTP/2: offered over TLS or not, announced settings and scripted connection-level faults (see
        /// `MockWebServer.HTTP2`). Cleartext connections that open with the HTTP/2 preface are always served.
        public var http2 = MockWebServer.HTTP2()
        #if canImport(COpenSSL)
        /// Serve HTTPS with this certificate (see `MockWebServer.TLS`); nil (the default) serves plain HTTP.
        public var tls: MockWebServer.TLS? = nil
        #endif

        /// Creates a configuration; every argument has a default suited to tests.
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
            self.maxHeaderBytes = max(256, maxHeaderBytes)
            self.maxRecordedBodyBytes = max(0, maxRecordedBodyBytes)
            self.maxBodyBytes = maxBodyBytes
            self.backlog = max(1, backlog)
            self.unixSocketPath = unixSocketPath
        }
    }
}

extension Duration {
    /// The duration in seconds as a `Double` (attosecond precision is not needed for socket timeouts).
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

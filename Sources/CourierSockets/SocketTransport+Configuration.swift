#if os(Linux)  // SocketTransport is Linux only (see SocketTransport.swift)
import CourierHTTP

extension SocketTransport {
    /// How a `SocketTransport` connects, pools and limits. The defaults suit most clients; all are plain
    /// properties.
    ///
    /// The limits protect the client from a broken or hostile server: each turns what would be unbounded memory
    /// or waiting into a typed `NetworkError`.
    public struct Configuration: Sendable {
        /// The most connections open at once to one origin (scheme, host, port); more requests wait for one
        /// (default 8, at least 1). Bounds the sockets and server load one client causes; an HTTP/2 origin
        /// multiplexes its requests on one connection instead.
        public var maximumConnectionsPerHost: Int
        /// How long a pooled connection may sit idle before it is closed (default 60 s): long enough to reuse
        /// it for the next call. A connection the server closed first is noticed, and a request that met it is
        /// sent again on a new one when that is safe.
        public var idleConnectionTimeout: Duration
        /// The longest connecting may take (all addresses of the host together; default 10 s), so an
        /// unreachable host fails with `.timedOut` well before the request's inactivity timeout would.
        public var connectTimeout: Duration
        /// The longest a whole request may take, from sending to the end of the response body; `nil` for no limit
        /// (the per-request inactivity `timeout` still applies). The default; set it to cap a server that trickles
        /// bytes forever. Passing it fails the request with `.timedOut`, which the retry policy retries like any
        /// timeout (each attempt gets the whole limit again).
        public var requestTimeout: Duration?
        /// The largest response header section accepted, in bytes (default 64 KiB, at least 1 KiB; over HTTP/2
        /// the header list size announced to the server). A larger one fails with `.badServerResponse` instead
        /// of being buffered.
        public var maximumHeaderBytes: Int
        /// The most response header fields accepted (default 128, at least 1); more fail with
        /// `.badServerResponse`.
        public var maximumHeaderCount: Int
        /// Whether `Accept-Encoding: gzip, deflate` is sent (unless the request sets its own) and compressed
        /// responses are decoded (default `true`): smaller transfers for a little CPU. Turn it off to receive the
        /// compressed bytes as they are (to store them compressed).
        public var decompressesResponses: Bool
        /// The most a compressed body may grow when decoded (decoded bytes per received byte), so a small
        /// "zip bomb" cannot turn into gigabytes (default 100, at least 1). Passing it fails with
        /// `.badServerResponse`.
        public var maximumDecompressionRatio: Int
        /// How https connections are verified: trusted roots, pins, a client certificate (see `TLSConfiguration`).
        /// A configuration that cannot be used (bad PEM) fails every https request with its reason (`.tls`),
        /// rather than the initializer throwing. The default trusts the system's root certificates.
        public var tls: TLSConfiguration
        /// The proxies to go through; by default those the environment names (`http_proxy`, `https_proxy`,
        /// `no_proxy`, as libcurl reads them), so the client behaves like `curl` on the same machine.
        public var proxy: ProxyConfiguration
        /// Where connections to each host go: the system resolver by default, or fixed addresses and Unix
        /// sockets of your choosing (see `HostResolver`). The URL's host stays the TLS name and `Host`, so a
        /// test or a staging pin keeps certificate checks intact.
        public var resolver: HostResolver
        /// Receives the timings of every request when it ends (see `TransferMetrics`): for monitoring all traffic
        /// in one place. Called on an event-loop thread, so it must return quickly.
        public var metricsHandler: (@Sendable (TransferMetrics) -> Void)?
        /// Which HTTP versions are spoken; `.automatic` by default: HTTP/2 over TLS when the server picks it by
        /// ALPN, HTTP/1.1 otherwise (see `HTTPVersion`), which is safe against every server.
        public var httpVersion: HTTPVersion
        /// How long an HTTP/2 connection sits idle in the pool before a PING checks it is alive; `nil` never
        /// checks (default 30 s). While the PING awaits its answer, requests wait for it rather than go out on a
        /// dead connection: a NAT or load balancer may have dropped an idle connection without a word.
        public var http2PingInterval: Duration?
        /// How long a PING may go unanswered: then the connection is retired and the requests that waited go out
        /// on a new one (default 10 s).
        public var http2PingTimeout: Duration

        /// Creates a configuration; every argument has a default (documented on its property), and counts below
        /// their minimum are raised to it.
        public init(
            maximumConnectionsPerHost: Int = 8,
            idleConnectionTimeout: Duration = .seconds(60),
            connectTimeout: Duration = .seconds(10),
            requestTimeout: Duration? = nil,
            maximumHeaderBytes: Int = 64 << 10,
            maximumHeaderCount: Int = 128,
            decompressesResponses: Bool = true,
            maximumDecompressionRatio: Int = 100,
            tls: TLSConfiguration = TLSConfiguration(),
            proxy: ProxyConfiguration = .environment,
            resolver: HostResolver = .system,
            metricsHandler: (@Sendable (TransferMetrics) -> Void)? = nil,
            httpVersion: HTTPVersion = .automatic,
            http2PingInterval: Duration? = .seconds(30),
            http2PingTimeout: Duration = .seconds(10)
        ) {
            self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
            self.idleConnectionTimeout = idleConnectionTimeout
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.maximumHeaderBytes = max(1024, maximumHeaderBytes)
            self.maximumHeaderCount = max(1, maximumHeaderCount)
            self.decompressesResponses = decompressesResponses
            self.maximumDecompressionRatio = max(1, maximumDecompressionRatio)
            self.tls = tls
            self.proxy = proxy
            self.resolver = resolver
            self.metricsHandler = metricsHandler
            self.httpVersion = httpVersion
            self.http2PingInterval = http2PingInterval
            self.http2PingTimeout = http2PingTimeout
        }
    }
}
#endif

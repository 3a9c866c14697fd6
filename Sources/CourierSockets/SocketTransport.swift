// SocketTransport exists on Linux only: on Apple platforms it is not there to pick (use URLSessionTransport), so a
// mistaken use fails at compile time rather than at run time.
#if os(Linux)
import CourierHTTP
import Foundation

/// Courier's own HTTP/1.1 and HTTP/2 client on POSIX sockets (HTTP/2 when ALPN picks it over TLS, or with prior
/// knowledge; see `Configuration.httpVersion`): a `Transport` with keep-alive connection pools, streamed
/// bodies with real backpressure, gzip/deflate decoding, per-request metrics and time-outs, all on a few
/// event-loop threads (epoll) that never block Swift's cooperative pool.
///
/// ```swift
/// let client = NetworkClient(baseURL: url, configuration: NetworkClient.Configuration(transport: SocketTransport()))
/// ```
///
/// It follows the `Transport` contract: `send` returns at the response head; the body streams, and a reader
/// that stops reading stops the socket reads. Redirects, cookies and caching are the interceptors' job, so
/// it does none of them. Linux only: on Apple platforms the type does not exist (use `URLSessionTransport`).
///
/// The default transport on Linux, where URLSession (over libcurl) reports no metrics, has no WebSockets and
/// reads ahead into memory when the reader is slow. Create one per set of settings and share it: its connection
/// pool is what makes the second request to a host cheap, and it is safe to use from any task.
public final class SocketTransport: Transport {
    /// The configuration it was created with; fixed for the transport's life (make another transport for other
    /// settings).
    public let configuration: Configuration

    private let pool: ConnectionPool
    private let settings: ConnectionSettings
    private let proxies: ProxyConfiguration
    /// The origins sent to, read from their URL text once.
    private let origins = RequestOriginCache()
    /// This configuration at `.http1Only`, made on the first WebSocket opened by a transport that may speak
    /// HTTP/2 (see `webSocket`).
    let http1Sibling = LockedState<SocketTransport?>(nil)

    /// Creates a transport; its connections are opened on first use and closed when it is released, so creating
    /// one costs nothing until it sends. A TLS configuration that cannot be used fails the first https request,
    /// not this initializer.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        pool = ConnectionPool(limit: configuration.maximumConnectionsPerHost, httpVersion: configuration.httpVersion)
        proxies = configuration.proxy
        var limits = HTTP1Limits()
        limits.maximumHeaderBytes = configuration.maximumHeaderBytes
        limits.maximumHeaderCount = configuration.maximumHeaderCount
        var decompression = DecompressionLimits()
        decompression.maximumRatio = Double(configuration.maximumDecompressionRatio)
        settings = ConnectionSettings(
            limits: limits,
            decompression: decompression,
            connectTimeout: MonotonicClock.nanoseconds(configuration.connectTimeout),
            idleTimeout: MonotonicClock.nanoseconds(configuration.idleConnectionTimeout),
            pingInterval: configuration.http2PingInterval.map(MonotonicClock.nanoseconds),
            pingTimeout: MonotonicClock.nanoseconds(configuration.http2PingTimeout),
            tlsContext: Result { () throws(NetworkError) in try TLSContext(configuration: configuration.tls, alpn: configuration.httpVersion.alpnProtocols) },
            metricsHandler: configuration.metricsHandler,
            httpVersion: configuration.httpVersion
        )
    }

    deinit {
        pool.shutDown()
    }

    /// Sends `request` and returns at the response head, its body streaming. A request that fails on a pooled
    /// connection the server had already closed, before any response byte, is sent once more on a new
    /// connection when that is safe, so a stale keep-alive connection does not surface as an error.
    ///
    /// - Throws: `NetworkError.cancelled` when the task is cancelled (the connection is closed at once);
    ///   `.transport` with `.cannotConnect`, `.timedOut`, `.connectionLost`, `.badServerResponse` (naming
    ///   what was wrong) or `.tls`; `.other` for a URL it cannot send to (not http or https, no host), and when
    ///   the process is out of descriptors for an I/O loop (its `code` the `errno`, `EMFILE`); `.configuration`
    ///   when the request would go through a proxy whose URL is not `http://` (see `ProxyConfiguration`).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, upgrade: nil)
    }

    /// `send`, for an Upgrade request when `upgrade` is given (a `101` then ends the exchange).
    func send(_ request: HTTPRequest, upgrade: WebSocketUpgrade?) async throws -> HTTPResponse {
        if Task.isCancelled { throw NetworkError.cancelled }
        let start = MonotonicClock.now()
        let target = try RequestTarget(request.location, proxies: proxies, origins: origins)
        let prepared = try PreparedRequest(request, target: target, decompresses: configuration.decompressesResponses)
        var replays = 0
        while true {
            let (connection, _) = try await pool.acquire(target.key) { try await open(target) }
            let exchange = prepared.makeExchange(request, requestTimeout: configuration.requestTimeout, start: start)
            exchange.upgrade = upgrade
            do {
                return try await run(exchange, on: connection)
            } catch let stale as StaleConnection {
                // Sent again once, on a new connection, when that is safe: the rule is `StaleConnection`'s.
                guard stale.mayReplay(after: replays) else { throw stale.underlying }
                replays += 1
                pool.closeIdle(target.key)
            }
        }
    }

    private func run(_ exchange: Exchange, on connection: any PooledConnection) async throws -> HTTPResponse {
        let loop = connection.loop
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.headContinuation = continuation
                loop.execute { connection.start(exchange) }
            }
        } onCancel: {
            loop.execute { connection.cancel(exchange) }
        }
    }

    /// Opens a new connection to `target`'s origin: a byte stream, then the protocol it negotiated on it.
    private func open(_ target: RequestTarget) async throws -> any PooledConnection {
        let start = MonotonicClock.now()
        let addresses = try await configuration.resolver.addresses(
            host: target.key.proxy?.host ?? target.host, port: target.key.proxy?.port ?? target.key.port)
        let resolved = MonotonicClock.now()
        let loop = try EventLoopGroup.shared.nextLoop()
        let stream = ByteStreamConnection(key: target.key, serverName: target.host, loop: loop, settings: settings)
        let pool = self.pool
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any PooledConnection, any Error>) in
                let pending = PendingConnection(pool: pool, continuation: continuation)
                loop.execute { stream.connect(to: addresses, resolvedAt: resolved, startedAt: start, handler: pending) }
            }
        } onCancel: {
            loop.execute { stream.abortConnect() }
        }
    }
}
#endif

#if os(Linux)
import CourierHTTP
import Foundation

/// One keep-alive HTTP/1.1 connection: the HTTP/1.1 codec on a connected `ByteStreamConnection`, serving one
/// `Exchange` at a time. It writes the request head and body framing (`HTTP1RequestHead`), parses the response
/// (`HTTP1ResponseParser`) and hands its body to the reader, all on the stream's loop thread; other threads reach
/// it only through `loop.execute`.
///
/// `@unchecked Sendable` is safe: every mutable field is touched only on `loop`'s thread (the fields `key`,
/// `loop`, `pool`, `settings` and `stream` never change).
final class HTTP1Connection: ByteStreamHandler, PooledConnection, @unchecked Sendable {
    enum State {
        case idle
        case active
        case closed
        /// The stream went to another protocol's handler (after `101 Switching Protocols`).
        case handedOver
    }

    /// The origin served.
    let key: PoolKey
    /// The loop the connection lives on.
    let loop: EventLoop
    let pool: ConnectionPool
    let settings: ConnectionSettings
    /// The bytes, under TLS or in a tunnel as the origin needs.
    let stream: ByteStreamConnection
    /// One exchange at a time.
    let maximumConcurrentExchanges = 1

    var state = State.idle
    var parser: HTTP1ResponseParser
    /// The request in flight.
    var exchange: Exchange?
    /// Requests completed on this connection.
    var served = 0
    /// The response ended the connection's reuse (`Connection: close`, an early answer to an unsent body).
    var mustClose = false
    /// Decodes the body of the response in flight when it carries a transfer coding (gzip or deflate).
    var transferDecoder: ContentDecoder?
    /// Whether the pool counts this connection (from its creation until it closes).
    var inPool = true

    // Writing the request in flight.
    /// Whether its body goes out chunked (its length is unknown).
    var chunkedBody = false
    var bodyPump: BodyPump?
    var bodyPending = false
    var waitingForContinue = false
    var continueDeadline: UInt64?

    /// When the connection last became idle.
    var idleSince: UInt64

    /// Takes over the connected `stream` (on its loop thread) and joins the pool, carrying the exchange it was
    /// opened for.
    init(stream: ByteStreamConnection, pool: ConnectionPool) {
        self.key = stream.key
        self.loop = stream.loop
        self.pool = pool
        self.settings = stream.settings
        self.stream = stream
        self.parser = HTTP1ResponseParser(limits: stream.settings.limits)
        self.idleSince = MonotonicClock.now()
        stream.handOver(to: self)
        pool.connectionOpened(self)
    }

    // MARK: Deadlines

    var streamDeadline: UInt64? {
        switch state {
        case .idle:
            return idleSince + settings.idleTimeout
        case .active:
            guard let exchange else { return nil }
            var earliest = exchange.requestDeadline ?? .max
            if !stream.readsPaused { earliest = min(earliest, stream.lastActivity &+ exchange.timeout) }
            if let continueDeadline { earliest = min(earliest, continueDeadline) }
            return earliest
        case .closed, .handedOver:
            return nil
        }
    }

    func streamDeadlinePassed(now: UInt64) {
        switch state {
        case .idle:
            close()
        case .active:
            guard let exchange else { return }
            if let continueDeadline, continueDeadline <= now {
                // No `100 Continue` in time: send the body anyway (RFC 9110 §10.1.1).
                self.continueDeadline = nil
                waitingForContinue = false
                stream.flush()
                return
            }
            let whole = exchange.requestDeadline.map { $0 <= now } ?? false
            fail(exchange.timeoutFailure(whole: whole, from: key))
        case .closed, .handedOver:
            break
        }
    }

    // MARK: Closing

    /// A codec is built on a connected stream: `streamConnected` went to the `PendingConnection` before it.
    func streamConnected(_ stream: ByteStreamConnection, alpn: String?) {}

    /// Closes the stream (`streamClosed` follows). Idempotent.
    func close() {
        guard state != .handedOver else { return }
        stream.close()
    }

    /// The stream closed: the slot goes back to the pool, and a request still in flight fails with `error`.
    func streamClosed(_ error: NetworkError?) {
        guard state != .closed else { return }
        state = .closed
        bodyPump?.close()
        bodyPump = nil
        leavePool()
        guard let exchange else { return }
        self.exchange = nil
        failed(exchange, error ?? NetworkError.transport(TransportFailure(
            kind: .connectionLost, message: "the connection to \(key) closed")))
    }

    private func leavePool() {
        guard inPool else { return }
        inPool = false
        pool.connectionClosed(self)
    }

    /// Closes the connection if no request is using it (the pool shutting down).
    func closeIfIdle() {
        if state == .idle { close() }
    }

    /// Gives the stream to `handler` (a protocol a `101 Switching Protocols` response switched to): the
    /// connection leaves the pool, and every later byte goes to `handler`, with reads on. Loop thread only; bytes
    /// the parser already took past the `101` head are the caller's to pass on.
    func handOver(to handler: any ByteStreamHandler) {
        guard state == .idle || state == .active else { return }
        state = .handedOver
        exchange = nil
        bodyPump?.close()
        bodyPump = nil
        leavePool()
        stream.handOver(to: handler)
        stream.resumeReads(readNow: false)
    }
}
#endif

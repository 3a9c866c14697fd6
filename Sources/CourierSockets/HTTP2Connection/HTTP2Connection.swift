#if os(Linux)
import CourierHTTP
import Foundation

/// One HTTP/2 connection (RFC 9113): the HTTP/2 codec on a connected `ByteStreamConnection`, carrying many
/// `Exchange`s at once as streams. Frames, windows and stream states are `HTTP2ConnectionStateMachine`'s; this
/// class feeds it the socket's bytes and the exchanges' commands, writes what it produces and acts on its
/// events, with HPACK both ways. Response heads and bodies take the same path as over HTTP/1.1
/// (`Exchange+Response`); a reader that stops reading stops the stream's window updates, not the socket.
///
/// `@unchecked Sendable` is safe: every mutable field is touched only on `loop`'s thread (the fields `key`,
/// `loop`, `pool`, `settings` and `stream` never change).
final class HTTP2Connection: ByteStreamHandler, PooledConnection, @unchecked Sendable {
    /// The origin served.
    let key: PoolKey
    /// The loop the connection lives on.
    let loop: EventLoop
    let pool: ConnectionPool
    let settings: ConnectionSettings
    /// The bytes, under TLS or in a tunnel as the origin needs.
    let stream: ByteStreamConnection
    /// What the pool may grant before the server's SETTINGS say otherwise (RFC 9113 §6.5.2 recommends servers
    /// allow at least 100); exchanges beyond the server's limit wait in `queued`.
    let maximumConcurrentExchanges = 100
    /// The most streams asked of the pool when the server sets no limit.
    static let streamCap = 256

    var machine: HTTP2ConnectionStateMachine
    /// Reused for every call to `machine`.
    var out = HTTP2Output()
    var encoder = HPACKEncoder()
    var decoder: HPACKDecoder
    /// The open streams by identifier.
    var streams: [UInt32: HTTP2Stream] = [:]
    /// Exchanges granted by the pool and waiting for the server to allow another stream.
    var queued: [Exchange] = []
    /// Exchanges started on this connection.
    var served = 0
    /// Set once the stream closed.
    var closed = false
    /// Set once the server sent GOAWAY: no new streams; the connection closes when the last one ends.
    var goingAway = false
    /// Whether the pool counts this connection (from its creation until it closes or is going away).
    var inPool = true
    /// When the connection last had no stream.
    var idleSince: UInt64
    /// When the PING awaiting its answer went out (streams wait to open meanwhile; see `+Liveness`).
    var pingSentAt: UInt64?
    /// When the last PING was answered.
    var pingAnsweredAt: UInt64 = 0
    /// The payload of the next PING.
    var nextPingPayload: UInt64 = 1

    /// Takes over the connected `stream` (on its loop thread), joins the pool carrying the exchange it was
    /// opened for, and writes the connection preface.
    init(stream: ByteStreamConnection, pool: ConnectionPool) {
        self.key = stream.key
        self.loop = stream.loop
        self.pool = pool
        self.settings = stream.settings
        self.stream = stream
        let limits = HTTP2Limits(maximumHeaderListSize: stream.settings.limits.maximumHeaderBytes)
        self.machine = HTTP2ConnectionStateMachine(limits: limits)
        self.decoder = HPACKDecoder(maxHeaderListSize: limits.maximumHeaderListSize)
        self.idleSince = MonotonicClock.now()
        stream.handOver(to: self)
        pool.connectionOpened(self)
        drive { machine, out in machine.start(into: &out) }
    }

    // MARK: Closing

    /// A codec is built on a connected stream: `streamConnected` went to the `PendingConnection` before it.
    func streamConnected(_ stream: ByteStreamConnection, alpn: String?) {}

    /// Closes the stream (`streamClosed` follows). Idempotent.
    func close() {
        stream.close()
    }

    /// Closes the connection if no exchange is using it (the pool shutting down or dropping idle connections).
    func closeIfIdle() {
        guard streams.isEmpty, queued.isEmpty, !closed else { return }
        drive { machine, out in machine.close(into: &out) }
        close()
    }

    /// The server closed its side: the streams still open fail.
    func streamReceivedEOF() {
        close()
    }

    /// The stream closed: every exchange still here fails with `error` (or as lost), the connection leaves the
    /// pool.
    func streamClosed(_ error: NetworkError?) {
        guard !closed else { return }
        closed = true
        leavePool()
        let failure = error ?? NetworkError.transport(TransportFailure(
            kind: .connectionLost, message: "\(key) closed the HTTP/2 connection"))
        let open = streams.values.sorted { $0.id < $1.id }
        streams.removeAll()
        for active in open {
            active.bodyPump?.close()
            failed(active.exchange, failure, unprocessed: false)
        }
        let waiting = queued
        queued.removeAll()
        for exchange in waiting { failed(exchange, failure, unprocessed: true) }
    }

    /// Leaves the pool: no exchange is granted here any more, and the origin may open another connection.
    func leavePool() {
        guard inPool else { return }
        inPool = false
        pool.connectionClosed(self)
    }
}
#endif

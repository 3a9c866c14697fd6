#if os(Linux)
import CSocketSupport
import CourierHTTP
import Foundation
import Glibc

/// One keep-alive HTTP/1.1 connection: a non-blocking socket on one `EventLoop`, serving one `Exchange` at a
/// time. Connecting, writing the request, parsing the response and handing its body to the reader all happen on
/// the loop thread, driven by epoll readiness; other threads reach the connection only through
/// `loop.execute`.
///
/// `@unchecked Sendable` is safe: every mutable field is touched only on `loop`'s thread (the fields `key`,
/// `loop`, `pool` and `settings` never change).
final class HTTP1Connection: LoopChannel, @unchecked Sendable {
    enum State {
        case connecting
        case idle
        case active
        case closed
    }

    /// The origin served.
    let key: PoolKey
    /// The loop the connection lives on.
    let loop: EventLoop
    let pool: ConnectionPool
    let settings: ConnectionSettings

    var state = State.connecting
    var fd: Int32 = -1
    /// The epoll events currently watched.
    var interest: UInt32 = 0
    var parser: HTTP1ResponseParser
    /// The request in flight.
    var exchange: Exchange?
    /// Requests completed on this connection.
    var served = 0
    /// The reader is not taking body chunks: socket reads are off until it catches up.
    var paused = false
    /// The response ended the connection's reuse (`Connection: close`, an early answer to an unsent body).
    var mustClose = false
    /// Whether the pool counts this connection (from a successful connect until `close`).
    var inPool = false
    /// The address connected to, for metrics and messages.
    var remoteAddress: String?
    /// How connecting went, for the first request's metrics.
    var connectTimings: ConnectTimings?
    /// The name the certificate is verified against (the URL's host).
    let serverName: String

    /// TLS over the socket, for https.
    var tls: TLSConnection?
    /// The `CONNECT` exchange with a proxy, while the tunnel opens.
    var tunnel: Tunnel?
    /// A TLS read needs the socket writable first (and a TLS write readable first).
    var readNeedsWritable = false
    var writeNeedsReadable = false

    // Connecting.
    var addresses: [SocketAddress] = []
    var addressIndex = 0
    /// The sockets still racing to connect (Happy Eyeballs), until one wins.
    var attempts: [ConnectAttempt] = []
    /// When the next address gets its own attempt if none has connected by then.
    var nextAttemptAt: UInt64?
    var connectContinuation: CheckedContinuation<Void, any Error>?
    var connectDeadline: UInt64?
    var connectFailures: [String] = []

    // Writing.
    var output: [UInt8] = []
    var outputOffset = 0
    var bodyPump: BodyPump?
    var bodyPending = false
    var waitingForContinue = false
    var continueDeadline: UInt64?

    // Time-outs.
    var lastActivity: UInt64 = 0
    var idleSince: UInt64 = 0

    init(key: PoolKey, serverName: String, loop: EventLoop, pool: ConnectionPool, settings: ConnectionSettings) {
        self.key = key
        self.serverName = serverName
        self.loop = loop
        self.pool = pool
        self.settings = settings
        self.parser = HTTP1ResponseParser(limits: settings.limits)
    }

    /// When the phases of opening the connection ended (monotonic nanoseconds).
    struct ConnectTimings {
        var start: UInt64
        var resolved: UInt64
        var connected: UInt64 = 0
        var secured: UInt64?
    }

    // MARK: Deadlines

    var deadline: UInt64? {
        switch state {
        case .connecting:
            guard let nextAttemptAt else { return connectDeadline }
            return min(nextAttemptAt, connectDeadline ?? .max)
        case .idle:
            return idleSince + settings.idleTimeout
        case .active:
            guard let exchange else { return nil }
            var earliest = exchange.requestDeadline ?? .max
            if !paused { earliest = min(earliest, lastActivity &+ exchange.timeout) }
            if let continueDeadline { earliest = min(earliest, continueDeadline) }
            return earliest
        case .closed:
            return nil
        }
    }

    func handleDeadline(now: UInt64) {
        switch state {
        case .connecting:
            if let next = nextAttemptAt, next <= now, (connectDeadline ?? .max) > now {
                nextAttemptAt = nil
                startNextAttempt()
                return
            }
            failConnect(NetworkError.transport(TransportFailure(
                kind: .timedOut, message: "connecting to \(key) timed out after \(settings.connectTimeoutDescription)")))
        case .idle:
            close()
        case .active:
            guard let exchange else { return }
            if let continueDeadline, continueDeadline <= now {
                // No `100 Continue` in time: send the body anyway (RFC 9110 §10.1.1).
                self.continueDeadline = nil
                waitingForContinue = false
                flush()
                return
            }
            let whole = exchange.requestDeadline.map { $0 <= now } ?? false
            fail(NetworkError.transport(TransportFailure(
                kind: .timedOut,
                message: whole
                    ? "the request to \(exchange.location.string) took longer than its time limit"
                    : "no data from \(key) for \(Self.describe(nanoseconds: exchange.timeout))")))
        case .closed:
            break
        }
    }

    static func describe(nanoseconds: UInt64) -> String {
        let seconds = Double(nanoseconds) / 1e9
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    // MARK: Events

    func handleEvents(_ events: UInt32) {
        switch state {
        case .connecting:
            if tunnel != nil {
                continueTunnel()
            } else if tls != nil {
                continueHandshake()
            }
        case .closed:
            break
        case .idle, .active:
            let hungUp = events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0
            let readable = events & EPOLLIN.rawValue != 0
            let writable = events & EPOLLOUT.rawValue != 0
            if state == .active, writable || (readable && writeNeedsReadable) { flush() }
            if readable || hungUp || (writable && readNeedsWritable) { readAvailable(ignoringPause: hungUp) }
        }
    }

    /// Watches what the state needs: reads unless paused, writes while output is waiting.
    func updateInterest() {
        guard fd >= 0 else { return }
        var wanted: UInt32 = 0
        switch state {
        case .connecting: wanted = EPOLLOUT.rawValue
        case .idle: wanted = EPOLLIN.rawValue
        case .active:
            if !paused || writeNeedsReadable { wanted |= EPOLLIN.rawValue }
            if outputOffset < output.count && !writeNeedsReadable || readNeedsWritable { wanted |= EPOLLOUT.rawValue }
        case .closed: return
        }
        if wanted != interest {
            interest = wanted
            loop.modify(fd: fd, events: wanted)
        }
    }

    // MARK: Closing

    /// Closes the socket and gives the slot back to the pool. Idempotent.
    func close() {
        guard state != .closed else { return }
        state = .closed
        bodyPump?.close()
        bodyPump = nil
        tls?.shutdown()
        tls = nil
        if fd >= 0 {
            loop.deregister(fd: fd)
            Glibc.close(fd)
            fd = -1
        }
        if inPool {
            inPool = false
            pool.connectionClosed(self)
        }
    }

    /// Closes the connection if no request is using it (the pool shutting down).
    func closeIfIdle() {
        if state == .idle { close() }
    }
}
#endif

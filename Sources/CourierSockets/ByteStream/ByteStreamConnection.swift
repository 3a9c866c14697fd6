#if os(Linux)
import CSocketSupport
import CourierHTTP
import Glibc

/// A byte stream to one origin on one `EventLoop`: the non-blocking socket (connected Happy-Eyeballs style),
/// a proxy's `CONNECT` tunnel, TLS, the bytes waiting to be written, the epoll interest and paused reads. It knows
/// nothing of HTTP: what arrives goes to its `ByteStreamHandler` (a protocol codec), which writes with
/// `enqueue` and `flush`, pauses and resumes reads, and closes it.
///
/// `@unchecked Sendable` is safe: every mutable field is touched only on `loop`'s thread (the fields `key`,
/// `loop`, `serverName` and `settings` never change); other threads reach the stream through `loop.execute`.
final class ByteStreamConnection: LoopChannel, @unchecked Sendable {
    enum State {
        case connecting
        case open
        case closed
    }

    /// The origin (and proxy route) connected to.
    let key: PoolKey
    /// The loop the stream lives on.
    let loop: EventLoop
    let settings: ConnectionSettings
    /// The name the certificate is verified against (the URL's host).
    let serverName: String

    var state = State.connecting
    /// Hears the stream's events; `nil` once closed (which breaks the stream ⇄ handler cycle).
    private(set) var handler: (any ByteStreamHandler)?
    var fd: Int32 = -1
    /// The epoll events currently watched.
    var interest: UInt32 = 0
    /// The handler is not taking bytes: socket reads are off until it resumes them.
    private(set) var readsPaused = false
    /// When bytes last moved either way (monotonic nanoseconds), for inactivity time-outs.
    var lastActivity: UInt64 = 0
    /// The address connected to, for metrics and messages.
    var remoteAddress: String?
    /// How connecting went, for the first request's metrics.
    var connectTimings: ConnectTimings?

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
    var connectDeadline: UInt64?
    var connectFailures: [String] = []

    // Writing: bytes queued by the handler, written from `outputOffset`.
    private var output: [UInt8] = []
    private var outputOffset = 0
    /// A `flush` waits in the loop's jobs (`flushSoon`).
    private var flushQueued = false

    init(key: PoolKey, serverName: String, loop: EventLoop, settings: ConnectionSettings) {
        self.key = key
        self.serverName = serverName
        self.loop = loop
        self.settings = settings
    }

    /// When the phases of opening the connection ended (monotonic nanoseconds).
    struct ConnectTimings {
        var start: UInt64
        var resolved: UInt64
        var connected: UInt64 = 0
        var secured: UInt64?
    }

    /// Gives the stream to `handler`: every later event goes to it (the protocol ALPN chose, or the one a
    /// `101 Switching Protocols` switched to). Loop thread only; bytes already read and not yet used are the old
    /// handler's to pass on.
    func handOver(to handler: any ByteStreamHandler) {
        guard state != .closed else { return }
        self.handler = handler
    }

    // MARK: Deadlines

    var deadline: UInt64? {
        switch state {
        case .connecting:
            guard let nextAttemptAt else { return connectDeadline }
            return min(nextAttemptAt, connectDeadline ?? .max)
        case .open:
            return handler?.streamDeadline
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
            close(NetworkError.transport(TransportFailure(
                kind: .timedOut, message: "connecting to \(key) timed out after \(settings.connectTimeoutDescription)")))
        case .open:
            handler?.streamDeadlinePassed(now: now)
        case .closed:
            break
        }
    }

    /// `1 s`, `0.5 s`: a time-out for messages.
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
        case .open:
            let hungUp = events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0
            let readable = events & EPOLLIN.rawValue != 0
            let writable = events & EPOLLOUT.rawValue != 0
            if writable || (readable && writeNeedsReadable) { flush() }
            if readable || hungUp || (writable && readNeedsWritable) { readAvailable(ignoringPause: hungUp) }
        }
    }

    /// Watches what the stream needs: reads unless paused, writes while output is waiting.
    func updateInterest() {
        guard state == .open, fd >= 0 else { return }
        var wanted: UInt32 = 0
        if !readsPaused || writeNeedsReadable { wanted |= EPOLLIN.rawValue }
        if outputOffset < output.count && !writeNeedsReadable || readNeedsWritable { wanted |= EPOLLOUT.rawValue }
        if wanted != interest {
            interest = wanted
            loop.modify(fd: fd, events: wanted)
        }
    }

    // MARK: Reads paused

    /// Stops socket reads until `resumeReads` (the handler's reader is full).
    func pauseReads() {
        guard !readsPaused else { return }
        readsPaused = true
        updateInterest()
    }

    /// Reads again. `readNow` reads what is there at once, as TLS may hold decrypted bytes epoll does not
    /// report; from inside a handler's `streamReceived` (the read loop is running) pass `false`.
    func resumeReads(readNow: Bool = true) {
        guard readsPaused else { return }
        readsPaused = false
        updateInterest()
        if readNow { readAvailable() }
    }

    // MARK: Writing

    /// Queues `bytes` to be written by the next `flush`.
    func enqueue<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        output.append(contentsOf: bytes)
    }

    /// Lets `write` append to the queue in place (a codec encoding straight into it, no copy in between).
    func enqueue(writing write: (inout [UInt8]) -> Void) {
        write(&output)
    }

    /// The bytes queued and not yet written.
    var pendingOutputCount: Int { output.count - outputOffset }

    /// Drops what is queued and not yet written (a request refused before its first byte went out).
    func discardOutput() {
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
    }

    /// Writes what is queued, asking the handler for more each time the queue empties, until the socket would
    /// block or the handler has nothing more.
    func flush() {
        while state == .open {
            if outputOffset < output.count {
                let result: SocketIO
                do {
                    result = try output.withUnsafeBytes { bytes throws(NetworkError) in
                        try socketWrite(UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
                    }
                } catch {
                    failWrite(NetworkError.from(error))
                    return
                }
                writeNeedsReadable = false
                if case .bytes(let count) = result {
                    outputOffset += count
                    lastActivity = MonotonicClock.now()
                    continue
                }
                if case .wouldBlock(let wantsWrite) = result { writeNeedsReadable = !wantsWrite }
                break
            }
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
            guard let handler, handler.streamDrained() else { break }
        }
        updateInterest()
    }

    /// Flushes once the loop has run the events and jobs already waiting: what the exchanges and reads of one
    /// round queue goes out in one write (one TLS record, one system call) rather than one each.
    func flushSoon() {
        guard !flushQueued else { return }
        flushQueued = true
        loop.execute { [self] in
            flushQueued = false
            flush()
        }
    }

    /// A write failed: the peer closed or reset the connection. It may have answered (and closed) before
    /// reading everything: what it sent is read first, then the stream closes with `error` unless the handler
    /// closed it on what it read.
    private func failWrite(_ error: NetworkError) {
        readAvailable(ignoringPause: true)
        close(error)
    }

    // MARK: Closing

    /// Closes the socket (and whatever is still connecting); the handler hears `streamClosed(error)` and no more.
    /// Idempotent.
    func close(_ error: NetworkError? = nil) {
        guard state != .closed else { return }
        state = .closed
        closeAttempts()
        connectDeadline = nil
        tunnel = nil
        tls?.shutdown()
        tls = nil
        if fd >= 0 {
            loop.deregister(fd: fd)
            Glibc.close(fd)
            fd = -1
        }
        let handler = self.handler
        self.handler = nil
        handler?.streamClosed(error)
    }
}
#endif

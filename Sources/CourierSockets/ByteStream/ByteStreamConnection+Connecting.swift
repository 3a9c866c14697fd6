#if os(Linux)
import CSocketSupport
import CourierHTTP
import Glibc

/// Opening the connection: the resolved addresses raced Happy-Eyeballs style (RFC 8305), under the connect
/// time-out, then TLS or a proxy tunnel.
extension ByteStreamConnection {
    /// How long an attempt has before the next address gets one of its own (RFC 8305 §5 recommends 250 ms).
    static let attemptDelay: UInt64 = 250_000_000

    /// Starts connecting to `addresses` (on the loop thread); `handler` hears `streamConnected` when the stream
    /// is ready, or `streamClosed(error)` when it cannot be opened. A stream aborted before it started (a caller
    /// cancelled already when it asked: its cancellation handler reaches the loop first) opens nothing, and the
    /// handler hears `.cancelled` at once — otherwise it would wait for an answer that never comes.
    func connect(
        to addresses: [SocketAddress], resolvedAt resolved: UInt64, startedAt start: UInt64, handler: any ByteStreamHandler
    ) {
        guard state != .closed else { return handler.streamClosed(NetworkError.cancelled) }
        handOver(to: handler)
        self.addresses = Self.interleavingFamilies(addresses)
        self.connectTimings = ConnectTimings(start: start, resolved: resolved)
        self.connectDeadline = MonotonicClock.now() + settings.connectTimeout
        startNextAttempt()
    }

    /// `addresses` in the order RFC 8305 §4 tries them: the resolver's order, but alternating between address
    /// families from the first one's, so that a network where one family is broken costs one attempt delay.
    static func interleavingFamilies(_ addresses: [SocketAddress]) -> [SocketAddress] {
        guard let first = addresses.first else { return [] }
        var preferred = addresses.filter { $0.family == first.family }[...]
        var others = addresses.filter { $0.family != first.family }[...]
        var ordered: [SocketAddress] = []
        ordered.reserveCapacity(addresses.count)
        while let next = preferred.popFirst() {
            ordered.append(next)
            if let other = others.popFirst() { ordered.append(other) }
        }
        ordered.append(contentsOf: others)
        return ordered
    }

    /// Gives up connecting because the caller was cancelled.
    func abortConnect() {
        guard state == .connecting else { return }
        close(NetworkError.cancelled)
    }

    /// Opens a socket to the next address that takes one and races it with the attempts in flight; fails the
    /// connection when no address is left and nothing is in flight.
    func startNextAttempt() {
        while addressIndex < addresses.count {
            let address = addresses[addressIndex]
            addressIndex += 1
            let socketFD = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socketFD >= 0 else {
                connectFailures.append("\(address): socket() failed: \(String(cString: strerror(errno)))")
                continue
            }
            var one: Int32 = 1
            setsockopt(socketFD, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            var storage = address.storage
            let result = withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socketFD, $0, address.length) }
            }
            if result == 0 || errno == EINPROGRESS {
                let attempt = ConnectAttempt(fd: socketFD, address: address, owner: self)
                attempts.append(attempt)
                loop.register(attempt, fd: socketFD, events: EPOLLOUT.rawValue)
                nextAttemptAt = addressIndex < addresses.count ? MonotonicClock.now() + Self.attemptDelay : nil
                if result == 0 { attemptFinished(attempt) }
                return
            }
            connectFailures.append("\(address): \(String(cString: strerror(errno)))")
            Glibc.close(socketFD)
        }
        nextAttemptAt = nil
        if attempts.isEmpty {
            close(NetworkError.transport(TransportFailure(
                kind: .cannotConnect, message: "cannot connect to \(key): \(connectFailures.joined(separator: "; "))")))
        }
    }

    /// An attempt's socket connected or failed. The first to connect becomes the connection's socket; a failure
    /// starts the next address at once when nothing else is in flight.
    func attemptFinished(_ attempt: ConnectAttempt) {
        guard state == .connecting, fd < 0, let index = attempts.firstIndex(where: { $0 === attempt }) else {
            // An attempt the stream no longer counts: stop watching and close it, or its readiness (level-triggered)
            // would wake the loop on every wait. (Main before the seam spun a loop thread this way once a connection
            // closed while connecting, found with `ulimit -n 256`.)
            loop.deregister(fd: attempt.fd)
            Glibc.close(attempt.fd)
            return
        }
        attempts.remove(at: index)
        loop.deregister(fd: attempt.fd)
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(attempt.fd, SOL_SOCKET, SO_ERROR, &error, &length)
        if error != 0 {
            connectFailures.append("\(attempt.address): \(String(cString: strerror(error)))")
            Glibc.close(attempt.fd)
            // A failure starts the next address at once (RFC 8305 §5), without waiting out the delay.
            if addressIndex < addresses.count || attempts.isEmpty { startNextAttempt() }
            return
        }
        closeAttempts()
        fd = attempt.fd
        remoteAddress = attempt.address.description
        interest = EPOLLOUT.rawValue
        loop.register(self, fd: fd, events: interest)
        connectTimings?.connected = MonotonicClock.now()
        if let route = key.proxy, route.tunnels {
            startTunnel(route)
            return
        }
        startTLSOrFinish()
    }

    /// Closes the attempts still racing (one has won, or connecting failed).
    func closeAttempts() {
        nextAttemptAt = nil
        for attempt in attempts {
            loop.deregister(fd: attempt.fd)
            Glibc.close(attempt.fd)
        }
        attempts.removeAll()
    }

    /// Starts TLS for https, or finishes connecting for http.
    func startTLSOrFinish() {
        if key.isSecure {
            do {
                tls = try TLSConnection(context: try settings.tlsContext.get(), fd: fd, serverName: serverName, port: key.port)
            } catch {
                close(error)
                return
            }
            continueHandshake()
            return
        }
        connected()
    }

    /// Drives the TLS handshake as far as the socket allows (the connect deadline covers it too).
    func continueHandshake() {
        guard state == .connecting, let tls else { return }
        do {
            switch try tls.handshake() {
            case .done:
                connectTimings?.secured = MonotonicClock.now()
                connected()
            case .wantRead:
                interest = EPOLLIN.rawValue
                loop.modify(fd: fd, events: interest)
            case .wantWrite:
                interest = EPOLLOUT.rawValue
                loop.modify(fd: fd, events: interest)
            }
        } catch {
            close(error)
        }
    }

    /// The stream is ready: the handler hears it, with the protocol TLS negotiated.
    private func connected() {
        connectDeadline = nil
        state = .open
        lastActivity = MonotonicClock.now()
        updateInterest()
        handler?.streamConnected(self, alpn: tls?.negotiatedALPN)
        // TLS read-ahead may have taken the server's first bytes along with the handshake's last: epoll will
        // not report them.
        if hasBufferedInput { readAvailable() }
    }
}
#endif

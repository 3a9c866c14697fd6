#if os(Linux)
import CSocketSupport
import CourierHTTP
import Glibc

/// Opening the connection: each resolved address in turn, non-blocking, under the connect time-out.
extension HTTP1Connection {
    /// Starts connecting to `addresses` (on the loop thread); `continuation` hears when the connection is ready.
    func connect(to addresses: [SocketAddress], resolvedAt resolved: UInt64, startedAt start: UInt64, continuation: CheckedContinuation<Void, any Error>) {
        self.addresses = addresses
        self.connectContinuation = continuation
        self.connectTimings = ConnectTimings(start: start, resolved: resolved)
        self.connectDeadline = MonotonicClock.now() + settings.connectTimeout
        tryNextAddress()
    }

    /// Gives up connecting because the caller was cancelled.
    func abortConnect() {
        guard state == .connecting else { return }
        failConnect(NetworkError.cancelled)
    }

    private func tryNextAddress() {
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
                fd = socketFD
                remoteAddress = address.description
                interest = EPOLLOUT.rawValue
                loop.register(self, fd: socketFD, events: interest)
                if result == 0 { finishConnect() }
                return
            }
            connectFailures.append("\(address): \(String(cString: strerror(errno)))")
            Glibc.close(socketFD)
        }
        failConnect(NetworkError.transport(TransportFailure(
            kind: .cannotConnect, message: "cannot connect to \(key): \(connectFailures.joined(separator: "; "))")))
    }

    /// The socket became writable (or failed) while connecting.
    func finishConnect() {
        guard state == .connecting, fd >= 0 else { return }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        if error != 0 {
            connectFailures.append("\(remoteAddress ?? "?"): \(String(cString: strerror(error)))")
            loop.deregister(fd: fd)
            Glibc.close(fd)
            fd = -1
            tryNextAddress()
            return
        }
        connectTimings?.connected = MonotonicClock.now()
        if let route = key.proxy, route.tunnels {
            startTunnel(route)
            return
        }
        startTLSOrFinish()
    }

    /// Starts TLS for https, or finishes connecting for http.
    func startTLSOrFinish() {
        if key.isSecure {
            do {
                tls = try TLSConnection(context: try settings.tlsContext.get(), fd: fd, serverName: serverName, port: key.port)
            } catch {
                failConnect(error)
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
            failConnect(error)
        }
    }

    /// The connection is ready for requests.
    private func connected() {
        connectDeadline = nil
        state = .idle
        idleSince = MonotonicClock.now()
        inPool = true
        updateInterest()
        let continuation = connectContinuation
        connectContinuation = nil
        continuation?.resume()
    }

    /// Connecting failed: closes what is open and tells the caller.
    func failConnect(_ error: NetworkError) {
        guard state == .connecting else { return }
        tls = nil
        tunnel = nil
        if fd >= 0 {
            loop.deregister(fd: fd)
            Glibc.close(fd)
            fd = -1
        }
        state = .closed
        connectDeadline = nil
        let continuation = connectContinuation
        connectContinuation = nil
        continuation?.resume(throwing: error)
    }
}
#endif

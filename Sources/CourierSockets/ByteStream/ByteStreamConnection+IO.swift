#if os(Linux)
import CourierHTTP
import Glibc

/// The socket's bytes, plain or through TLS: the one place the stream touches `recv`/`send`/OpenSSL.
extension ByteStreamConnection {
    /// Reads what the socket has into the handler (a bounded number of times, so other connections get their
    /// turn). `ignoringPause` reads although the handler paused reads: the peer hung up, or a write failed and
    /// the peer's last words are wanted.
    func readAvailable(ignoringPause: Bool = false) {
        var reads = 0
        let buffer = loop.readBuffer
        while state == .open, ignoringPause || !readsPaused, reads < 16, let handler {
            let result: SocketIO
            do {
                result = try socketRead(buffer)
            } catch {
                close(error)
                return
            }
            readNeedsWritable = false
            switch result {
            case .bytes(let count):
                reads += 1
                lastActivity = MonotonicClock.now()
                handler.streamReceived(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                // A short read drained the socket (over TLS, `read` reads records until the socket has no more).
                if count < buffer.count, tls?.drainedSocket ?? true { return }
            case .wouldBlock(let wantsWrite):
                readNeedsWritable = wantsWrite
                if wantsWrite { updateInterest() }
                return
            case .closed:
                handler.streamReceivedEOF()
                return
            }
        }
        if state == .open, reads >= 16, !readsPaused || ignoringPause, hasBufferedInput {
            // Fair share used: come back after the other connections' events.
            loop.execute { [self] in readAvailable() }
        }
    }

    /// Reads into `buffer`.
    func socketRead(_ buffer: UnsafeMutableRawBufferPointer) throws(NetworkError) -> SocketIO {
        if let tls {
            switch try tls.read(into: buffer) {
            case .bytes(let count): return count == 0 ? .closed : .bytes(count)
            case .wantRead: return .wouldBlock(wantsWrite: false)
            case .wantWrite: return .wouldBlock(wantsWrite: true)
            case .closed: return .closed
            }
        }
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock(wantsWrite: false) }
            throw Self.lost(code, "reading from \(key)")
        }
    }

    /// Writes from the start of `bytes`.
    func socketWrite(_ bytes: UnsafeRawBufferPointer) throws(NetworkError) -> SocketIO {
        if let tls {
            switch try tls.write(bytes) {
            case .wrote(let count): return .bytes(count)
            case .wantRead: return .wouldBlock(wantsWrite: false)
            case .wantWrite: return .wouldBlock(wantsWrite: true)
            }
        }
        while true {
            let count = send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .bytes(count) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock(wantsWrite: true) }
            throw Self.lost(code, "sending to \(key)")
        }
    }

    /// Whether decrypted bytes wait inside OpenSSL (readable although the socket shows nothing).
    var hasBufferedInput: Bool {
        tls?.hasBufferedBytes ?? false
    }

    /// A failed system call as the caller sees it.
    static func lost(_ code: Int32, _ what: String) -> NetworkError {
        .transport(TransportFailure(kind: .connectionLost, code: Int(code), message: "\(what) failed: \(String(cString: strerror(code)))"))
    }
}
#endif

#if os(Linux)
import CourierHTTP
import Glibc

/// What a non-blocking read or write did.
enum SocketIO {
    /// This many bytes moved.
    case bytes(Int)
    /// Nothing moved; try again when the socket is readable (`wantsWrite` false) or writable (true).
    case wouldBlock(wantsWrite: Bool)
    /// The peer closed (reads only).
    case closed
}

/// The socket's bytes, plain or through TLS: the one place the connection touches `recv`/`send`/OpenSSL.
extension HTTP1Connection {
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

#if canImport(COpenSSL)
import COpenSSL
import CourierSockets
import Foundation
#if canImport(Musl)
import Musl
#else
import Glibc
#endif

/// TLS on one accepted connection of `MockWebServer`, used by that connection's thread only. The socket is
/// switched to non-blocking mode so every wait is a `poll` in short slices that notices a stopping server
/// and a deadline; callers see blocking-style calls.
final class ServerTLSSession {
    /// How a wait or a read ended.
    enum Outcome: Equatable {
        /// This many bytes were read or written.
        case bytes(Int)
        /// The peer closed the connection (close_notify or EOF) or it failed.
        case closed
        /// The deadline passed.
        case timedOut
        /// The server is stopping.
        case stopped
    }

    private let ssl: OpaquePointer
    private let fd: Int32
    private let lifecycle: Lifecycle
    private var closed = false

    /// Nil if OpenSSL is out of memory.
    init?(context: ServerTLSContext, fd: Int32, lifecycle: Lifecycle) {
        guard let ssl = SSL_new(context.context) else { return nil }
        guard let bio = SocketBIOMethod.bio(fd: fd) else {
            SSL_free(ssl)
            return nil
        }
        SSL_set_bio(ssl, bio, bio)  // the SSL owns the BIO from here
        SSL_set_accept_state(ssl)
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        self.ssl = ssl
        self.fd = fd
        self.lifecycle = lifecycle
    }

    deinit {
        SSL_free(ssl)  // frees the BIO; the socket is closed by the server core
    }

    /// Runs the server handshake until `deadline`. Nil on success, else why it failed ("stopped" if the
    /// server is stopping).
    func handshake(deadline: ContinuousClock.Instant) -> String? {
        while true {
            OpenSSLErrorQueue.clear()
            let result = SSL_do_handshake(ssl)
            if result == 1 { return nil }
            switch wait(after: result, deadline: deadline) {
            case .bytes: continue
            case .stopped: return "stopped"
            case .timedOut: return "the client stalled during the TLS handshake"
            case .closed:
                let verify = SSL_get_verify_result(ssl)
                if verify != Int(X509_V_OK) {
                    OpenSSLErrorQueue.clear()
                    return "client certificate refused: " + String(cString: X509_verify_cert_error_string(verify))
                }
                return OpenSSLErrorQueue.drain() ?? "the client closed the connection during the TLS handshake"
            }
        }
    }

    /// Whether ALPN selected `h2` in the handshake.
    var selectedHTTP2: Bool {
        var data: UnsafePointer<UInt8>? = nil
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length == 2 else { return false }
        return data[0] == UInt8(ascii: "h") && data[1] == UInt8(ascii: "2")
    }

    /// Whether decrypted bytes are buffered (readable without the socket becoming readable).
    var hasPending: Bool { SSL_pending(ssl) > 0 }

    /// Reads decrypted bytes into `buffer`, waiting until `deadline`.
    func receive(into buffer: UnsafeMutableRawBufferPointer, deadline: ContinuousClock.Instant) -> Outcome {
        while true {
            OpenSSLErrorQueue.clear()
            let result = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
            if result > 0 { return .bytes(Int(result)) }
            let outcome = wait(after: result, deadline: deadline)
            guard outcome == .bytes(0) else { return outcome }
        }
    }

    /// Sends all of `bytes`; false if the client is gone or the server is stopping.
    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }  // nothing to send
        var offset = 0
        while offset < bytes.count {
            OpenSSLErrorQueue.clear()
            // Retried with the same pointer and length after a wait, as SSL_write requires.
            let result = SSL_write(ssl, base + offset, Int32(clamping: bytes.count - offset))
            if result > 0 {
                offset += Int(result)
                continue
            }
            guard wait(after: result, deadline: .now + .seconds(3600)) == .bytes(0) else { return false }
        }
        return true
    }

    /// Sends close_notify once, without waiting for the client's.
    func close() {
        guard !closed else { return }
        closed = true
        OpenSSLErrorQueue.clear()
        _ = SSL_shutdown(ssl)
        OpenSSLErrorQueue.clear()
    }

    /// After a call that returned `result` ≤ 0: waits for the socket if OpenSSL asks to (`.bytes(0)`: try
    /// again), else says how the connection ended.
    private func wait(after result: Int32, deadline: ContinuousClock.Instant) -> Outcome {
        let events: Int16
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: events = Int16(POLLIN)
        case SSL_ERROR_WANT_WRITE: events = Int16(POLLOUT)
        default: return .closed
        }
        while true {
            if lifecycle.isStopped { return .stopped }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return .timedOut }
            // Slices of at most 500 ms, so a stopping server is noticed even if no wake-up reaches the poll.
            var entry = pollfd(fd: fd, events: events, revents: 0)
            if poll(&entry, 1, Int32(min(500, max(1, remaining.seconds * 1000)))) > 0 { return .bytes(0) }
        }
    }
}
#endif

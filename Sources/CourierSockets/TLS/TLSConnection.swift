#if canImport(COpenSSL)
import COpenSSL
import CourierHTTP
import Foundation
#if canImport(Musl)
import Musl
#else
import Glibc
#endif

/// TLS over one connected, non-blocking socket, driven by an event loop: each call does what it can without
/// blocking and says what the socket must become (readable or writable) before the next try.
///
/// **Threads.** Not thread-safe: one thread at a time may call it (the event-loop thread that owns the socket).
/// It may move between threads between calls: OpenSSL's `SSL` object has no thread affinity, and every call
/// clears the calling thread's error queue before it starts.
///
/// **Ownership.** The socket stays the caller's: `TLSConnection` never closes it. Call `shutdown()` before
/// closing the socket for a clean close_notify; `deinit` frees the OpenSSL objects.
package final class TLSConnection {
    private let context: TLSContext  // keeps the SSL_CTX alive while `ssl` refers to it
    /// The `SSL *`, owned; it owns the socket BIO.
    private let ssl: OpaquePointer
    /// The host name or IP address verified against the certificate (no brackets, no trailing dot).
    package let serverName: String
    /// Where sessions of this connection are kept for resumption: the server name, with the port if given.
    private let sessionKey: String
    private var handshakeDone = false
    /// Whether the last `read` that returned bytes stopped because the socket had no more: reading again before
    /// it is readable would find nothing.
    package private(set) var drainedSocket = false
    private var shutdownSent = false
    /// A session that arrived before the pin check passed (TLS 1.2), stored once it does.
    private var pendingSession: TLSSessionCache.Session?

    /// Prepares TLS on the connected non-blocking socket `fd` for `serverName`: SNI and host-name verification
    /// for a DNS name, IP-SAN verification (no SNI) for an IPv4 or IPv6 address (brackets allowed). `port`, when
    /// given, keeps resumable sessions per host and port rather than per host.
    package init(context: TLSContext, fd: Int32, serverName: String, port: Int? = nil) throws(NetworkError) {
        var name = serverName.withoutIPv6Brackets
        if name.hasSuffix(".") { name.removeLast() }
        self.serverName = name
        self.sessionKey = port.map { "\(name.lowercased()):\($0)" } ?? name.lowercased()
        self.context = context
        OpenSSLErrorQueue.clear()
        guard let ssl = SSL_new(context.context) else { throw OpenSSLErrorQueue.failure("cannot create a TLS session") }
        self.ssl = ssl  // from here `deinit` frees it on every throw below
        guard let bio = SocketBIOMethod.bio(fd: fd) else { throw OpenSSLErrorQueue.failure("cannot create a socket BIO") }
        SSL_set_bio(ssl, bio, bio)  // the SSL now owns the BIO (one reference, for both directions)
        SSL_set_connect_state(ssl)
        guard !name.isEmpty, !name.utf8.contains(0) else {
            throw .transport(TransportFailure(kind: .tls, message: "no server name to verify the certificate against"))
        }
        if Self.isIPAddress(name) {
            guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name) == 1 else {
                throw OpenSSLErrorQueue.failure("cannot verify the IP address \(name)")
            }
        } else {
            // Subject alternative names only (RFC 9110 §4.3.4): the common name is never taken for a host name.
            SSL_set_hostflags(ssl, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS | X509_CHECK_FLAG_NEVER_CHECK_SUBJECT))
            guard courier_SSL_set_tlsext_host_name(ssl, name) == 1, SSL_set1_host(ssl, name) == 1 else {
                throw OpenSSLErrorQueue.failure("cannot use the server name \(name)")
            }
        }
        if let cache = context.sessionCache {
            // Unretained: `ssl` (which holds the pointer) is freed in this object's deinit.
            SSL_set_ex_data(ssl, 0, Unmanaged.passUnretained(self).toOpaque())
            if let session = cache.take(for: sessionKey) {
                _ = SSL_set_session(ssl, session.pointer)  // takes its own reference
            }
        }
    }

    deinit {
        SSL_free(ssl)  // frees the BIO too; the socket stays open
    }

    /// Advances the handshake. `.done` once it is complete, the chain verified and the pins checked.
    /// Throws `.transport` of kind `.tls` with the reason ("certificate has expired", "hostname mismatch",
    /// "unable to get local issuer certificate", a pin mismatch, an alert from the server), or
    /// `.connectionLost` if the peer closed or reset the connection.
    package func handshake() throws(NetworkError) -> TLSProgress {
        if handshakeDone { return .done }
        OpenSSLErrorQueue.clear()
        let result = SSL_do_handshake(ssl)
        if result == 1 {
            // A resumed session was stored only after its original connection passed verification and the
            // pins, and resuming proves the server holds that session's secret: no chain is sent to check.
            if SSL_session_reused(ssl) != 1 { try checkPins() }
            handshakeDone = true
            if let pendingSession { context.sessionCache?.store(pendingSession, for: sessionKey) }
            pendingSession = nil
            return .done
        }
        let error = SSL_get_error(ssl, result)
        let code = Self.errno
        switch error {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_SSL:
            let verify = SSL_get_verify_result(ssl)
            if verify != Int(X509_V_OK) {
                OpenSSLErrorQueue.clear()
                let reason = String(cString: X509_verify_cert_error_string(verify))
                throw .transport(TransportFailure(
                    kind: .tls, code: verify, message: "certificate verify failed for \(serverName): \(reason)"
                ))
            }
            throw OpenSSLErrorQueue.failure("TLS handshake with \(serverName) failed")
        default:
            throw lost(error: error, errno: code, during: "the TLS handshake")
        }
    }

    /// Reads decrypted bytes into `buffer`, record after record until it is full or nothing more has arrived (one
    /// call per read, not one per 16 KiB record). After `.bytes(n)` more may be buffered inside OpenSSL, where
    /// the socket's readiness does not show: call again until `.wantRead` (or check `hasBufferedBytes`). A
    /// failure after some bytes is reported by the next call.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(NetworkError) -> TLSRead {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .bytes(0) }
        OpenSSLErrorQueue.clear()
        var filled = 0
        var result: Int32 = 0
        repeat {
            result = SSL_read(ssl, base + filled, Int32(clamping: buffer.count - filled))
            if result > 0 { filled += Int(result) }
        } while result > 0 && filled < buffer.count
        if filled > 0 {
            drainedSocket = filled < buffer.count && SSL_get_error(ssl, result) == SSL_ERROR_WANT_READ
            return .bytes(filled)
        }
        let error = SSL_get_error(ssl, result)
        let code = Self.errno
        switch error {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN:
            OpenSSLErrorQueue.clear()
            return .closed
        case SSL_ERROR_SSL: throw OpenSSLErrorQueue.failure("TLS read from \(serverName) failed")
        default:
            if error == SSL_ERROR_SYSCALL && code == 0 && OpenSSLErrorQueue.drain() == nil { return .closed }
            throw lost(error: error, errno: code, during: "a TLS read")
        }
    }

    /// Encrypts and sends bytes from the start of `bytes` (partial writes are reported as `.wrote(n)`; after
    /// `.wantRead`/`.wantWrite` call again with the same bytes, which may live at another address).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(NetworkError) -> TLSWrite {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .wrote(0) }
        OpenSSLErrorQueue.clear()
        let result = SSL_write(ssl, base, Int32(clamping: bytes.count))
        if result > 0 { return .wrote(Int(result)) }
        let error = SSL_get_error(ssl, result)
        let code = Self.errno
        switch error {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_SSL: throw OpenSSLErrorQueue.failure("TLS write to \(serverName) failed")
        default: throw lost(error: error, errno: code, during: "a TLS write")
        }
    }

    /// Sends a close_notify alert if the handshake completed, once, without waiting for the peer's (never
    /// blocks; a full socket just drops the alert).
    package func shutdown() {
        guard handshakeDone, !shutdownSent else { return }
        shutdownSent = true
        OpenSSLErrorQueue.clear()
        _ = SSL_shutdown(ssl)
        OpenSSLErrorQueue.clear()
    }

    /// Whether the handshake resumed an earlier session (see `TLSConfiguration.resumesSessions`).
    package var resumedSession: Bool {
        handshakeDone && SSL_session_reused(ssl) == 1
    }

    /// Takes a new session from OpenSSL's callback (one reference, owned from here on). Kept for the next
    /// connection to the same server once this one passed verification and the pin check. False (and not
    /// taken) if the session cannot be resumed.
    func received(_ session: OpaquePointer) -> Bool {
        guard SSL_SESSION_is_resumable(session) == 1, let cache = context.sessionCache else { return false }
        let held = TLSSessionCache.Session(taking: session)
        if handshakeDone {
            cache.store(held, for: sessionKey)
        } else {
            pendingSession = held
        }
        return true
    }

    /// Whether bytes are waiting inside OpenSSL, decrypted or read ahead and not yet decrypted (readable without
    /// the socket becoming readable).
    package var hasBufferedBytes: Bool {
        SSL_has_pending(ssl) == 1
    }

    /// The protocol version once the handshake is done (`"TLSv1.3"`, `"TLSv1.2"`), else nil.
    package var negotiatedVersion: String? {
        guard handshakeDone, let version = SSL_get_version(ssl) else { return nil }
        return String(cString: version)
    }

    /// The ALPN protocol the server selected (`"http/1.1"`), or nil if it selected none.
    package var negotiatedALPN: String? {
        var data: UnsafePointer<UInt8>? = nil
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length > 0 else { return nil }
        // OpenSSL owns the bytes for the life of `ssl`; they are copied into the String at once.
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    // MARK: Internals

    /// Checks the verified chain against the pins for `serverName` (see `CertificatePin`).
    private func checkPins() throws(NetworkError) {
        let pins = context.pins(for: serverName)
        guard !pins.isEmpty else { return }
        var chainHashes: [String] = []
        if let chain = SSL_get0_verified_chain(ssl) {  // borrowed: owned by `ssl`
            for index in 0..<courier_sk_X509_num(chain) {
                if let certificate = courier_sk_X509_value(chain, index),
                   let hash = SubjectPublicKeyInfo.sha256Base64(of: certificate) {
                    chainHashes.append(hash)
                }
            }
        }
        let accepted = Set(pins.flatMap(\.hashes))
        guard !chainHashes.contains(where: accepted.contains) else { return }
        let presented = chainHashes.map { "sha256/\($0)" }.joined(separator: ", ")
        let pinned = accepted.sorted().map { "sha256/\($0)" }.joined(separator: ", ")
        throw .transport(TransportFailure(
            kind: .tls,
            message: "certificate pinning failure for \(serverName): the chain's keys are \(presented); pinned: \(pinned)"
        ))
    }

    /// A failure of the socket underneath (SSL_ERROR_SYSCALL, SSL_ERROR_ZERO_RETURN mid-handshake).
    private func lost(error: Int32, errno code: Int32, during operation: String) -> NetworkError {
        let queued = OpenSSLErrorQueue.drain()
        if error == SSL_ERROR_SYSCALL, let queued {
            return .transport(TransportFailure(kind: .tls, message: "\(operation) with \(serverName) failed: \(queued)"))
        }
        let cause: String
        switch code {
        case 0: cause = "the server closed the connection"
        case ECONNRESET: cause = "the server reset the connection"
        case EPIPE: cause = "the server closed the connection (broken pipe)"
        default: cause = String(cString: strerror(code))
        }
        return .transport(TransportFailure(kind: .connectionLost, code: code == 0 ? nil : Int(code), message: "\(cause) during \(operation)"))
    }

    /// The calling thread's `errno` (read right after the OpenSSL call that set it).
    private static var errno: Int32 {
        #if canImport(Musl)
        Musl.errno
        #else
        Glibc.errno
        #endif
    }

    /// Whether `name` is an IPv4 or IPv6 address literal (no brackets), verified against IP SANs, not DNS names.
    package static func isIPAddress(_ name: String) -> Bool {
        IPAddress.isAddress(name)
    }
}
#endif

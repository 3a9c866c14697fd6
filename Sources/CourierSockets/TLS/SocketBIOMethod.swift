#if canImport(COpenSSL)
import COpenSSL

/// The one BIO method TLS sockets use: OpenSSL's socket BIO with writes through `send(MSG_NOSIGNAL)`, so a peer
/// that closed early yields EPIPE instead of a SIGPIPE that would kill the process.
package struct SocketBIOMethod: @unchecked Sendable {
    // @unchecked Sendable: the BIO_METHOD is created once, never modified afterwards, and only read by OpenSSL
    // (BIO_new), which is safe from any thread.
    /// The method; nil only if OpenSSL could not allocate it.
    package let method: OpaquePointer?

    /// Created on first use, kept for the life of the process (BIOs refer to it until they are freed).
    package static let shared = SocketBIOMethod(method: courier_bio_socket_nosignal_method_new())

    /// A BIO over `fd` that never closes it, or nil if OpenSSL is out of memory.
    package static func bio(fd: Int32) -> OpaquePointer? {
        guard let method = shared.method else { return nil }
        return courier_bio_new_socket(method, fd)
    }
}
#endif

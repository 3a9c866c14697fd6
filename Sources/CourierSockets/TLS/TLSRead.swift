/// The outcome of `TLSConnection.read(into:)`.
package enum TLSRead: Sendable, Hashable {
    /// This many decrypted bytes were stored at the start of the buffer (more may be buffered: read again).
    case bytes(Int)
    /// Nothing to read yet: call again once the socket is readable.
    case wantRead
    /// OpenSSL must send first (renegotiation, key update): call again once the socket is writable.
    case wantWrite
    /// The peer closed the connection (a close_notify alert or end of stream).
    case closed
}

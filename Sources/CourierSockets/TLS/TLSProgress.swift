/// What `TLSConnection.handshake()` achieved.
package enum TLSProgress: Sendable, Hashable {
    /// The handshake is complete, the certificate verified and the pins checked.
    case done
    /// Call again once the socket is readable.
    case wantRead
    /// Call again once the socket is writable.
    case wantWrite
}

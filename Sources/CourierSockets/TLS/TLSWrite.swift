/// The outcome of `TLSConnection.write(_:)`.
package enum TLSWrite: Sendable, Hashable {
    /// This many bytes from the start of the buffer were encrypted and sent (possibly fewer than given).
    case wrote(Int)
    /// The socket is full, nothing was taken: call again with the same bytes once it is readable.
    case wantRead
    /// The socket is full, nothing was taken: call again with the same bytes once it is writable.
    case wantWrite
}

#if os(Linux)
/// What a non-blocking read or write did.
enum SocketIO {
    /// This many bytes moved.
    case bytes(Int)
    /// Nothing moved; try again when the socket is readable (`wantsWrite` false) or writable (true).
    case wouldBlock(wantsWrite: Bool)
    /// The peer closed (reads only).
    case closed
}
#endif

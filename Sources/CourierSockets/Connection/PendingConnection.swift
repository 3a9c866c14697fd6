#if os(Linux)
import CourierHTTP

/// The handler of a stream while it connects: once connected, the stream goes to the protocol connection its
/// ALPN result names, which joins the pool and is handed to the caller; a stream that cannot connect fails the
/// caller with why: an `HTTP2Connection` for `h2` (or HTTP/2 with prior knowledge), else an `HTTP1Connection`.
///
/// `@unchecked Sendable` is safe: made on the caller's thread and handed to the loop through `EventLoop.execute`
/// (which orders the hand-over); from then on touched only on the loop thread.
final class PendingConnection: ByteStreamHandler, @unchecked Sendable {
    private let pool: ConnectionPool
    private var continuation: CheckedContinuation<any PooledConnection, any Error>?

    init(pool: ConnectionPool, continuation: CheckedContinuation<any PooledConnection, any Error>) {
        self.pool = pool
        self.continuation = continuation
    }

    func streamConnected(_ stream: ByteStreamConnection, alpn: String?) {
        let connection: any PooledConnection = stream.settings.httpVersion.speaksHTTP2(alpn: alpn, key: stream.key)
            ? HTTP2Connection(stream: stream, pool: pool)
            : HTTP1Connection(stream: stream, pool: pool)
        continuation?.resume(returning: connection)
        continuation = nil
    }

    func streamClosed(_ error: NetworkError?) {
        continuation?.resume(throwing: error ?? NetworkError.cancelled)
        continuation = nil
    }

    // A connecting stream reads and writes nothing of its handler's: the codec takes over before any byte does.
    func streamReceived(_ bytes: UnsafeRawBufferPointer) {}
    func streamReceivedEOF() {}
    func streamDrained() -> Bool { false }
    var streamDeadline: UInt64? { nil }
    func streamDeadlinePassed(now: UInt64) {}
}
#endif

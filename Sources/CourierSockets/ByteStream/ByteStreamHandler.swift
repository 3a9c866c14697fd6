#if os(Linux)
import CourierHTTP

/// What sits on a `ByteStreamConnection` and gives its bytes a meaning: a protocol codec (`HTTP1Connection`; an
/// HTTP/2 connection or a WebSocket framer later) or, while the stream connects, the `PendingConnection` that
/// picks the codec. Every call comes on the stream's loop thread, and the handler calls the stream only there.
///
/// A stream has one handler at a time; `ByteStreamConnection.handOver(to:)` replaces it (ALPN's choice when the
/// stream connects, an upgrade after `101 Switching Protocols`).
protocol ByteStreamHandler: AnyObject {
    /// The stream is connected (TCP, then the proxy's tunnel and TLS when there are any); `alpn` is the
    /// protocol TLS negotiated (`"http/1.1"`, `"h2"`), `nil` over cleartext or when the server chose none.
    /// Only the handler present while connecting hears it.
    func streamConnected(_ stream: ByteStreamConnection, alpn: String?)

    /// Bytes arrived. They are valid only during the call (the loop's shared read buffer): copy what is kept.
    /// Not called while reads are paused (`ByteStreamConnection.pauseReads()`), except when the peer hung up.
    func streamReceived(_ bytes: UnsafeRawBufferPointer)

    /// The peer closed its side: no more bytes will come. The handler closes the stream when it is done.
    func streamReceivedEOF()

    /// Everything queued with `ByteStreamConnection.enqueue` has been written: queue more and return `true` to
    /// have it written at once, or return `false` (then `ByteStreamConnection.flush()` starts writing again).
    func streamDrained() -> Bool

    /// The stream closed: `error` is why when reading or writing failed or connecting did not succeed, `nil` when
    /// the handler closed it. The last call the handler gets from this stream.
    func streamClosed(_ error: NetworkError?)

    /// The earliest moment the handler wants `streamDeadlinePassed` (monotonic nanoseconds), or `nil`. Asked on
    /// every turn of the loop: keep it cheap.
    var streamDeadline: UInt64? { get }

    /// `streamDeadline` has passed.
    func streamDeadlinePassed(now: UInt64)
}
#endif

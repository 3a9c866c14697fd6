#if os(Linux)
import CourierHTTP
import Foundation

/// An open WebSocket (RFC 6455) on the event loop: the `ByteStreamHandler` a connection's stream is handed to
/// after `101 Switching Protocols`. Frames in are decoded (`WebSocketFrameDecoder`) and joined into messages
/// (`WebSocketMessageAssembler`) for a bounded `WebSocketInbox` (a full inbox pauses the socket reads); pings
/// are answered, the keep-alive runs off `streamDeadline`, every violation by the server closes with its code
/// and reaches the reader as a `WebSocketError`. Messages out are masked (and deflated when negotiated); a
/// sender waits while more than `highWaterMark` bytes are queued.
///
/// `@unchecked Sendable` is safe: every mutable field except `inbox` (locked) is touched only on `loop`'s
/// thread; the `WebSocketChannel` methods reach it through `loop.execute`.
final class WebSocketConnection: ByteStreamHandler, WebSocketChannel, @unchecked Sendable {
    let stream: ByteStreamConnection
    let loop: EventLoop
    let subprotocol: String?
    let inbox = WebSocketInbox()

    var decoder: WebSocketFrameDecoder
    var assembler: WebSocketMessageAssembler
    var encoder = WebSocketFrameEncoder(role: .client)
    #if canImport(CZlib)
    let deflater: WebSocketDeflater?
    #endif
    var handshake = WebSocketCloseHandshake()
    var keepAlive: WebSocketKeepAlive?
    var keepAliveDeadline: UInt64?
    /// When the server must have closed the TCP connection by, once Close frames went out.
    var closeDeadline: UInt64?
    /// Why sending stopped (a failure, or the close handshake); later sends throw it.
    var failure: WebSocketError? {
        didSet { if let failure { sendBudget.refuse(failure) } }
    }
    var closed = false
    /// Senders waiting for the output buffer to drain.
    var senders: [WebSocketWaiter] = []
    /// `ping()` callers waiting for the pong with their payload.
    var pings: [WebSocketWaiter] = []
    /// `close` callers waiting for the connection to close.
    var closers: [CheckedContinuation<Void, any Error>] = []
    /// Signalled when a sender starts waiting and when the reads pause.
    let changes = WebSocketStateChanges()
    /// What senders may hand over without waiting (locked: read by the senders' tasks).
    let sendBudget = WebSocketSendBudget(limit: WebSocketConnection.highWaterMark)

    /// Bytes queued for the socket past which `send` waits.
    static let highWaterMark = 1 << 20
    /// How long the server gets to close the TCP connection after the Close frames.
    static let closeTimeout: UInt64 = 5_000_000_000

    /// A WebSocket on `stream` (on its loop thread) with what the handshake negotiated.
    init(stream: ByteStreamConnection, negotiated: WebSocketHandshake.Negotiated, configuration: WebSocketConfiguration) throws(WebSocketError) {
        self.stream = stream
        loop = stream.loop
        subprotocol = negotiated.subprotocol
        let compression = negotiated.compression
        decoder = WebSocketFrameDecoder(role: .client, maximumFrameSize: configuration.maximumFrameSize, allowsCompressedFrames: compression != nil)
        assembler = try WebSocketMessageAssembler(maximumMessageSize: configuration.maximumMessageSize, compression: compression, role: .client)
        #if canImport(CZlib)
        deflater = try compression?.makeDeflater(as: .client)
        #endif
        if let interval = configuration.pingInterval {
            keepAlive = WebSocketKeepAlive(interval: interval, timeout: configuration.pingTimeout, now: .now)
        }
    }

    /// Starts on the stream it was handed: `rest` are bytes read past the `101` head.
    func start(_ rest: [UInt8]) {
        runKeepAlive()
        if !rest.isEmpty { rest.withUnsafeBytes { streamReceived($0) } }
    }

    // MARK: ByteStreamHandler

    func streamConnected(_ stream: ByteStreamConnection, alpn: String?) {}

    func streamReceivedEOF() {
        if handshake.state != .closed, failure == nil || failure?.kind == .closed {
            let lost = WebSocketError(.connectionLost, closeCode: .abnormalClosure, "the server closed the connection without the close handshake")
            failure = lost
            inbox.finish(.failure(lost))
        }
        stream.close()
    }

    func streamDrained() -> Bool {
        sendBudget.update(queued: 0)
        let waiting = senders
        senders = []
        for sender in waiting { sender.resume() }
        return false
    }

    func streamClosed(_ error: NetworkError?) {
        closed = true
        let reason = failure ?? WebSocketError(.connectionLost, closeCode: .abnormalClosure, error.map { "\($0)" } ?? "the connection closed")
        if failure == nil { failure = reason }
        inbox.finish(handshake.state == .closed ? .success(()) : .failure(reason))
        let waiting = senders
        let pinging = pings
        let closing = closers
        senders = []
        pings = []
        closers = []
        for sender in waiting { sender.resume(throwing: reason) }
        for ping in pinging { ping.resume(throwing: reason) }
        for closer in closing { closer.resume() }
    }

    var streamDeadline: UInt64? {
        guard let closeDeadline else { return keepAliveDeadline }
        return min(closeDeadline, keepAliveDeadline ?? .max)
    }

    func streamDeadlinePassed(now: UInt64) {
        if let closeDeadline, closeDeadline <= now {
            self.closeDeadline = nil
            stream.close()
            return
        }
        if let keepAliveDeadline, keepAliveDeadline <= now { runKeepAlive() }
    }

    /// Does what the keep-alive says now: a ping, a failure, or a new deadline.
    func runKeepAlive() {
        keepAliveDeadline = nil
        guard keepAlive != nil, failure == nil else { return }
        while true {
            switch keepAlive?.next(at: .now) {
            case .wait(let until):
                let nanoseconds = MonotonicClock.nanoseconds(max(.zero, until - .now))
                keepAliveDeadline = MonotonicClock.now() + max(1, nanoseconds)
                return
            case .sendPing(let payload):
                write(.ping, payload)
                stream.flush()
            case .fail:
                keepAlive = nil
                fail(WebSocketError(.pingTimeout, "no pong within the keep-alive ping's time-out"))
                return
            case nil:
                return
            }
        }
    }
}
#endif

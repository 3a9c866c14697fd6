#if os(Linux)
import CourierHTTP

/// An exchange that asks to become a WebSocket: the handshake it sent and the limits to open it with; after a
/// valid `101`, the open connection.
///
/// The connection is set on the loop thread and read by the caller once `send` returns; a lock orders the two
/// (the thread sanitizer reported the unlocked hand-over as a race: the caller may be resumed through another
/// path than the continuation this sets it before).
final class WebSocketUpgrade: Sendable {
    let handshake: WebSocketHandshake
    let configuration: WebSocketConfiguration
    private let opened = LockedState<WebSocketConnection?>(nil)

    /// The connection a valid `101` opened, if any.
    var connection: WebSocketConnection? {
        opened.withLock { $0 }
    }

    /// Records the connection a valid `101` opened (on the loop thread).
    func open(_ connection: WebSocketConnection) {
        opened.withLock { $0 = connection }
    }

    init(handshake: WebSocketHandshake, configuration: WebSocketConfiguration) {
        self.handshake = handshake
        self.configuration = configuration
    }
}

extension HTTP1Connection {
    /// `101 Switching Protocols` answered `exchange`: the handshake is checked and the stream handed to a
    /// `WebSocketConnection` (with the bytes already read past the head); the caller gets the `101` response,
    /// or the handshake's `WebSocketError` (and the connection closes).
    func switchProtocols(_ head: HTTP1ResponseHead, rest: [UInt8], of exchange: Exchange) {
        let continuation = exchange.headContinuation
        exchange.headContinuation = nil
        guard let upgrade = exchange.upgrade else { return }
        let socket: WebSocketConnection
        do {
            let negotiated = try upgrade.handshake.validate(status: head.statusCode, headers: head.headers)
            socket = try WebSocketConnection(stream: stream, negotiated: negotiated, configuration: upgrade.configuration)
        } catch {
            exchange.finishMetrics(failed: true, handler: settings.metricsHandler)
            self.exchange = nil
            close()
            continuation?.resume(throwing: error)
            return
        }
        exchange.finishMetrics(failed: false, handler: settings.metricsHandler)
        upgrade.open(socket)
        served += 1
        handOver(to: socket)
        socket.start(rest)
        var response = HTTPResponse(statusCode: head.statusCode, headers: head.headers, body: ResponseBody(), url: nil)
        response.location = exchange.location
        response.metricsRecorder = exchange.metricsRecorder
        continuation?.resume(returning: response)
    }
}
#endif

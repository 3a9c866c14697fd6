#if os(Linux)
import CourierHTTP

/// An exchange that asks to become a WebSocket: the handshake it sent and the limits to open it with; after a
/// valid `101`, the open connection.
///
/// `@unchecked Sendable` is safe: `connection` is written on the loop thread before the exchange's caller is
/// resumed (which orders the write before the caller's read), and never again.
final class WebSocketUpgrade: @unchecked Sendable {
    let handshake: WebSocketHandshake
    let configuration: WebSocketConfiguration
    var connection: WebSocketConnection?

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
        upgrade.connection = socket
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

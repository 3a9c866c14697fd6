#if os(Linux)
import CourierHTTP

extension SocketTransport: WebSocketTransport {
    /// Opens a WebSocket: `request` goes out as a GET with the handshake headers, through the pool and any
    /// proxy like every request; a valid `101` hands its connection to a `WebSocketConnection`.
    public func webSocket(_ request: HTTPRequest, configuration: WebSocketConfiguration) async throws
        -> (response: HTTPResponse, channel: (any WebSocketChannel)?) {
        let handshake = WebSocketHandshake(configuration: configuration)
        var request = request
        request.method = .get
        request.body = nil
        request.headers = request.headers.merging(handshake.requestHeaders)
        let upgrade = WebSocketUpgrade(handshake: handshake, configuration: configuration)
        let response = try await send(request, upgrade: upgrade)
        return (response, response.statusCode == 101 ? upgrade.connection : nil)
    }
}
#endif

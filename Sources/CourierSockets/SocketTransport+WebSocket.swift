#if os(Linux)
import CourierHTTP

extension SocketTransport: WebSocketTransport {
    /// Opens a WebSocket: `request` goes out as a GET with the handshake headers, through the pool and any
    /// proxy like every request; a valid `101` hands its connection to a `WebSocketConnection`.
    ///
    /// The Upgrade needs an HTTP/1.1 connection (WebSocket over HTTP/2, RFC 8441, is not spoken): a transport
    /// that may speak HTTP/2 opens it through a sibling at `.http1Only`, whose TLS offers only `http/1.1` in
    /// ALPN and whose pool never holds an HTTP/2 connection. The sibling is made on the first WebSocket and
    /// kept for the next ones.
    ///
    /// - Throws: `NetworkError` as `send` does; `WebSocketError(.handshakeFailed)` for a `101` that breaks
    ///   RFC 6455 §4.1.
    public func webSocket(_ request: HTTPRequest, configuration: WebSocketConfiguration) async throws
        -> (response: HTTPResponse, channel: (any WebSocketChannel)?) {
        guard self.configuration.httpVersion == .http1Only else {
            return try await http1Transport().webSocket(request, configuration: configuration)
        }
        let handshake = WebSocketHandshake(configuration: configuration)
        var request = request
        request.method = .get
        request.body = nil
        request.headers = request.headers.merging(handshake.requestHeaders)
        let upgrade = WebSocketUpgrade(handshake: handshake, configuration: configuration)
        let response = try await send(request, upgrade: upgrade)
        return (response, response.statusCode == 101 ? upgrade.connection : nil)
    }

    /// The sibling transport at `.http1Only` with this one's configuration otherwise.
    private func http1Transport() -> SocketTransport {
        http1Sibling.withLock { sibling in
            if let sibling { return sibling }
            var configuration = self.configuration
            configuration.httpVersion = .http1Only
            let made = SocketTransport(configuration: configuration)
            sibling = made
            return made
        }
    }
}
#endif

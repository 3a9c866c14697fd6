import CourierHTTP

extension InterceptorStack {
    /// The terminal step for a WebSocket Upgrade request: the transport opens the WebSocket and the slot gets
    /// the channel; the interceptors above see the handshake's response (`101`, or the refusal).
    ///
    /// - Throws: `WebSocketError(.unsupportedTransport)` when the transport cannot open WebSockets.
    static func openWebSocket(_ request: HTTPRequest, _ upgrade: WebSocketUpgradeSlot, over transport: any Transport) async throws -> HTTPResponse {
        guard let sockets = transport as? any WebSocketTransport else {
            throw WebSocketError(.unsupportedTransport, "\(type(of: transport)) cannot open WebSockets (on Linux, SocketTransport can)")
        }
        let (response, channel) = try await sockets.webSocket(request, configuration: upgrade.configuration)
        upgrade.channel = channel
        return response
    }
}

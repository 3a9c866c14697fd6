import CourierHTTP
import Foundation

extension NetworkClient {
    /// Opens a WebSocket to `endpoint` (its path under `baseURL`; `http`/`https`, which RFC 6455 calls
    /// `ws`/`wss`). The Upgrade request goes through the interceptors like any request (auth, cookies, default
    /// headers, logging); a refusal (a `401`, a `404`) throws `NetworkError.httpStatus` with the endpoint's
    /// typed error body, a `101` that breaks RFC 6455 throws `WebSocketError(.handshakeFailed)`.
    ///
    /// ```swift
    /// let socket = try await client.webSocket(ChatRoom(id: 7))
    /// try await socket.send(text: "hello")
    /// for try await message in socket.messages { … }
    /// ```
    ///
    /// - Throws: `WebSocketError(.unsupportedTransport)` when the client's transport cannot open WebSockets
    ///   (URLSession, for now).
    public func webSocket(_ endpoint: some Endpoint, configuration: WebSocketConfiguration = WebSocketConfiguration()) async throws -> WebSocket {
        var request = try HTTPRequest(endpoint, base: base.get(), defaults: self.configuration.requestDefaults, defaultHeadersAreValid: defaultHeadersAreValid)
        request.method = .get
        request.body = nil
        request.acceptableStatusCodes = [101]
        request.retryPolicy = .never
        // Streamed: never answered from (or stored in) the cache, and a refusal's body is read by the status check.
        request.responseBodyMode = .streamed
        let slot = WebSocketUpgradeSlot(configuration: configuration)
        request.webSocketUpgrade = slot
        let api = endpoint as? any APIDefinition
        let errorBody: any (Decodable & Sendable).Type = api?.errorBodyType ?? EmptyResponse.self
        let decoder = api?.responseDecoder ?? self.configuration.decoder
        _ = try await send(request, errorBody: errorBody, decoder: decoder)
        guard let channel = slot.channel else {
            throw WebSocketError(.handshakeFailed, "the server answered the Upgrade request without switching protocols")
        }
        return WebSocket(channel: channel, decoder: decoder)
    }
}

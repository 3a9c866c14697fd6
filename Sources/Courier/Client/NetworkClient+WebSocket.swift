import CourierHTTP
import Foundation

extension NetworkClient {
    /// Opens a WebSocket to `endpoint` (its path under `baseURL`; `http`/`https`, which RFC 6455 calls
    /// `ws`/`wss`). The Upgrade request goes through the interceptors like any request (auth, cookies, default
    /// headers, logging); a refusal (a `401`, a `404`) throws `NetworkError.httpStatus` with the endpoint's
    /// typed error body, a `101` that breaks RFC 6455 throws `WebSocketError(.handshakeFailed)`. The Upgrade
    /// is never retried or cached, and is always a body-less `GET` whatever the endpoint declares.
    ///
    /// ```swift
    /// let socket = try await client.webSocket(ChatRoom(id: 7))
    /// try await socket.send(text: "hello")
    /// for try await message in socket.messages { … }
    /// ```
    ///
    /// - Throws: `WebSocketError(.unsupportedTransport)` when the client's transport cannot open WebSockets
    ///   (`URLSessionTransport` on Linux, whose libcurl has none; on Apple platforms it opens them with
    ///   `URLSessionWebSocketTask`).
    public func webSocket(_ endpoint: some Endpoint, configuration: WebSocketConfiguration = WebSocketConfiguration()) async throws -> WebSocket {
        try await openWebSocket(endpoint, configuration: configuration)
    }

    /// Opens a WebSocket to `endpoint` whose messages are typed: it sends `Send` and yields `Receive` (JSON), and
    /// offers the endpoint's `subprotocols` when `configuration` names none. As `webSocket(_:configuration:)`
    /// otherwise.
    ///
    /// ```swift
    /// let chat = try await client.webSocket(ChatRoom(room: "lobby"))
    /// try await chat.send(ChatOut(text: "hi"))
    /// for try await message in chat.messages { … }
    /// ```
    public func webSocket<Definition: WebSocketDefinition>(
        _ endpoint: Definition, configuration: WebSocketConfiguration = WebSocketConfiguration()
    ) async throws -> TypedWebSocket<Definition.Send, Definition.Receive> {
        var configuration = configuration
        if configuration.subprotocols.isEmpty { configuration.subprotocols = endpoint.subprotocols }
        return TypedWebSocket(socket: try await openWebSocket(endpoint, configuration: configuration))
    }

    private func openWebSocket(_ endpoint: some Endpoint, configuration: WebSocketConfiguration) async throws -> WebSocket {
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
        let decoder = api?.responseDecoder ?? self.configuration.decoder
        _ = try await send(request, errorBody: endpoint.errorBodyType, decoder: decoder)
        guard let channel = slot.channel else {
            throw WebSocketError(.handshakeFailed, "the server answered the Upgrade request without switching protocols")
        }
        return WebSocket(channel: channel, decoder: decoder)
    }
}

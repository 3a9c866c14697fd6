#if !canImport(FoundationNetworking)
import CourierHTTP
import Foundation

/// WebSockets over `URLSessionWebSocketTask` on Apple platforms. On Linux, URLSession's libcurl has no
/// WebSockets, `URLSessionTransport` is no `WebSocketTransport`, and `client.webSocket` throws
/// `WebSocketError(.unsupportedTransport)`.
extension URLSessionTransport: WebSocketTransport {
    /// Opens `request` (its `http`/`https` URL as `ws`/`wss`) as a WebSocket offering `configuration`'s
    /// subprotocols, with its `maximumMessageSize`; returns the `101` response with the channel, or a refusal
    /// (a `401`, its body not kept) without one.
    ///
    /// - Throws: `NetworkError` as `send` does; `WebSocketError(.handshakeFailed)` when the server picks a
    ///   subprotocol that was not offered.
    public func webSocket(_ request: HTTPRequest, configuration: WebSocketConfiguration) async throws
        -> (response: HTTPResponse, channel: (any WebSocketChannel)?) {
        if Task.isCancelled { throw NetworkError.cancelled }
        var urlRequest = try makeURLRequest(request)
        if let url = urlRequest.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.scheme = components.scheme == "https" ? "wss" : "ws"
            urlRequest.url = components.url ?? url
        }
        if !configuration.subprotocols.isEmpty {
            urlRequest.setValue(configuration.subprotocols.joined(separator: ", "), forHTTPHeaderField: "Sec-WebSocket-Protocol")
        }
        let head = HeadHandoff()
        let record = TransferRecord(head: head, uploadProgress: nil, uploadLength: nil, temporaryFile: nil)
        record.isWebSocket = true
        // Shared with the cancellation handler and then the channel: URLSession tasks may be called from any thread.
        let task = Unchecked(session.webSocketTask(with: urlRequest))
        task.value.maximumMessageSize = configuration.maximumMessageSize
        delegate.register(record, for: task.value)
        task.value.resume()
        let response = try await withTaskCancellationHandler {
            try await head.wait()
        } onCancel: {
            task.value.cancel()
        }
        guard response.statusCode == 101 else { return (response, nil) }
        let chosen = response.headers["Sec-WebSocket-Protocol"]
        if let chosen, !configuration.subprotocols.contains(chosen) {
            task.value.cancel(with: .protocolError, reason: nil)
            throw WebSocketError(.handshakeFailed, "the server chose the subprotocol '\(chosen)', which was not offered")
        }
        return (response, URLSessionWebSocketChannel(task: task.value, subprotocol: chosen))
    }
}
#endif

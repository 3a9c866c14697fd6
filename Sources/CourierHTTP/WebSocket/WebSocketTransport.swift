/// A transport that can open WebSockets: it sends the Upgrade request (`request`, a GET, plus the handshake
/// headers it adds) like any request, checks a `101` answer and switches the connection over.
///
/// The Upgrade goes through the client's interceptors like any request, so authentication, cookies and logging
/// apply to it; a transport that does not conform makes `client.webSocket` throw `.unsupportedTransport`.
public protocol WebSocketTransport: Transport {
    /// Sends the Upgrade request. On `101 Switching Protocols` the response comes with the open channel; any
    /// other status comes back as a plain response (its body streaming) with no channel, so a refusal (a `401`,
    /// a `403`) is handled like any failed request.
    ///
    /// - Throws: `NetworkError` as `send` does; `WebSocketError` (`.handshakeFailed`) for a `101` that breaks
    ///   RFC 6455 §4.1 (a wrong `Sec-WebSocket-Accept`, an extension or subprotocol not offered).
    func webSocket(_ request: HTTPRequest, configuration: WebSocketConfiguration) async throws
        -> (response: HTTPResponse, channel: (any WebSocketChannel)?)
}

/// Marks a request as a WebSocket Upgrade on its way through the interceptors, and carries the channel the
/// transport opened back to the caller (the interceptors see only the `101` response).
package final class WebSocketUpgradeSlot: Sendable {
    /// The limits and options to open the WebSocket with.
    package let configuration: WebSocketConfiguration
    private let opened = LockedState<(any WebSocketChannel)?>(nil)

    /// A slot for a WebSocket opened with `configuration`.
    package init(configuration: WebSocketConfiguration) {
        self.configuration = configuration
    }

    /// The channel the transport opened, once it has.
    package var channel: (any WebSocketChannel)? {
        get { opened.withLock { $0 } }
        set { opened.withLock { $0 = newValue } }
    }
}

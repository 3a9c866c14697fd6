/// Which end of a WebSocket a codec serves: it decides masking (RFC 6455 §5.1) and which
/// permessage-deflate parameters apply to which direction.
package enum WebSocketRole: Sendable, Hashable {
    /// The client masks every frame it sends and rejects masked frames it receives.
    case client
    /// The server (MockWebServer) sends frames unmasked and rejects unmasked frames it receives.
    case server
}

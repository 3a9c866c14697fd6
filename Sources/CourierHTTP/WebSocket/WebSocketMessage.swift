import Foundation

/// One whole WebSocket message (RFC 6455 §5.6), however many frames carried it.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message: valid UTF-8 on the wire.
    case text(String)
    /// A binary message.
    case binary(Data)
}

import Foundation

/// One whole WebSocket message (RFC 6455 §5.6), however many frames carried it: fragments are reassembled
/// (within ``WebSocketConfiguration/maximumMessageSize``) before a message is delivered.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message: valid UTF-8 on the wire (invalid UTF-8 fails the connection with `.invalidUTF8`). What
    /// JSON APIs send.
    case text(String)
    /// A binary message: for encodings that are not text (protobuf, MessagePack, raw bytes).
    case binary(Data)
}

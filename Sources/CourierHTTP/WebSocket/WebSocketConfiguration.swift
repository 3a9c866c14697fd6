/// The limits and options of a WebSocket: sizes, keep-alive, compression and subprotocols.
///
/// The defaults suit a typical JSON message channel. `SocketTransport` honours every field;
/// `URLSessionTransport` (Apple platforms) honours `maximumMessageSize` and `subprotocols` only:
/// `URLSessionWebSocketTask` offers no permessage-deflate, frame limit or keep-alive of Courier's.
public struct WebSocketConfiguration: Sendable, Hashable {
    /// The largest frame payload accepted, in bytes (default 16 MiB, at least 125); a larger one closes with 1009
    /// (``WebSocketError/Kind/messageTooBig``). Checked from the frame header, before the payload is buffered,
    /// so a peer cannot make the client allocate a huge frame.
    public var maximumFrameSize: Int
    /// The largest message accepted, in bytes, after decompression (default 16 MiB); a larger one closes with
    /// 1009. It is also the decompression-bomb cap: a small compressed frame cannot inflate past it. Lower it
    /// when messages are known to be small, since a whole message is held in memory.
    public var maximumMessageSize: Int
    /// How often a keep-alive ping is sent while the connection is idle, or nil for none (the default). Set it
    /// when a proxy or NAT may drop an idle connection silently, or to notice a dead peer without sending:
    /// otherwise `receive()` waits on a lost connection until TCP gives up.
    public var pingInterval: Duration?
    /// How long a keep-alive ping waits for its pong before the connection fails with `.pingTimeout` (default
    /// 30 s); only used with `pingInterval`.
    public var pingTimeout: Duration
    /// Whether permessage-deflate (RFC 7692) is offered (default true): text and JSON messages often shrink
    /// several-fold, at the cost of a zlib stream per direction in memory; the server may decline it.
    public var compression: Bool
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, most preferred first (default none). A server that
    /// picks one not offered fails the handshake (``WebSocketError/Kind/handshakeFailed``).
    public var subprotocols: [String]

    /// Creates a configuration; `maximumFrameSize` is raised to 125 (a control frame's size) and
    /// `maximumMessageSize` to 1 if lower.
    public init(
        maximumFrameSize: Int = 16 << 20, maximumMessageSize: Int = 16 << 20, pingInterval: Duration? = nil,
        pingTimeout: Duration = .seconds(30), compression: Bool = true, subprotocols: [String] = []
    ) {
        self.maximumFrameSize = max(125, maximumFrameSize)
        self.maximumMessageSize = max(1, maximumMessageSize)
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.compression = compression
        self.subprotocols = subprotocols
    }
}

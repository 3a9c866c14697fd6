/// The limits and options of a WebSocket: sizes, keep-alive, compression and subprotocols.
public struct WebSocketConfiguration: Sendable, Hashable {
    /// The largest frame payload accepted, in bytes (default 16 MiB); a larger one closes with 1009.
    public var maximumFrameSize: Int
    /// The largest message accepted, in bytes, after decompression (default 16 MiB); a larger one closes with
    /// 1009. It is also the decompression-bomb cap.
    public var maximumMessageSize: Int
    /// How often a keep-alive ping is sent while the connection is idle, or nil for none (the default).
    public var pingInterval: Duration?
    /// How long a keep-alive ping waits for its pong before the connection fails with `.pingTimeout`.
    public var pingTimeout: Duration
    /// Whether permessage-deflate (RFC 7692) is offered (default true).
    public var compression: Bool
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, most preferred first (default none).
    public var subprotocols: [String]

    /// Creates a configuration.
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

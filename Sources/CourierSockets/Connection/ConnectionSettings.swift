#if os(Linux)
import CourierHTTP

/// What every connection of one `SocketTransport` shares, resolved once from its configuration.
struct ConnectionSettings: Sendable {
    /// Parser limits.
    var limits: HTTP1Limits
    /// Decompression limits.
    var decompression: DecompressionLimits
    /// Connect time-out, in nanoseconds.
    var connectTimeout: UInt64
    /// How long an idle pooled connection is kept, in nanoseconds.
    var idleTimeout: UInt64
    /// How often an idle HTTP/2 connection is PINGed, in nanoseconds (`nil`: never).
    var pingInterval: UInt64? = nil
    /// How long a PING may go unanswered before its connection is retired, in nanoseconds.
    var pingTimeout: UInt64 = 10_000_000_000
    /// The TLS context for https connections, or why the TLS configuration is unusable.
    var tlsContext: Result<TLSContext, NetworkError>
    /// Where the `TransferMetrics` of each request go.
    var metricsHandler: (@Sendable (TransferMetrics) -> Void)?
    /// Which HTTP versions connections speak.
    var httpVersion: SocketTransport.HTTPVersion = .http1Only

    /// The connect time-out, for messages.
    var connectTimeoutDescription: String { ByteStreamConnection.describe(nanoseconds: connectTimeout) }
}
#endif

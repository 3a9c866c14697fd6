#if os(Linux)  // SocketTransport is Linux only (see SocketTransport.swift)
extension SocketTransport {
    /// Which HTTP versions a `SocketTransport` speaks (`Configuration.httpVersion`). HTTP/2 multiplexes many
    /// requests on one connection (one TLS handshake per origin); HTTP/1.1 needs a connection per request in
    /// flight.
    public enum HTTPVersion: Sendable, Hashable {
        /// Over TLS, ALPN offers `h2` and `http/1.1` and the server picks; cleartext stays HTTP/1.1. The default:
        /// HTTP/2 wherever the server offers it, never a failure where it does not.
        case automatic
        /// HTTP/1.1 only (ALPN offers `http/1.1`): for a server or middlebox whose HTTP/2 misbehaves, or to
        /// compare the two.
        case http1Only
        /// HTTP/2 without negotiation, over cleartext and TLS (ALPN offers only `h2`), for servers known to
        /// speak it (an `h2c` backend inside a cluster, a gRPC-style service). A server that does not speak
        /// HTTP/2 fails the request. Requests through a plain HTTP proxy (no tunnel) stay HTTP/1.1.
        case http2PriorKnowledge

        /// The protocols ALPN offers over TLS, most preferred first.
        var alpnProtocols: [String] {
            switch self {
            case .automatic: ["h2", "http/1.1"]
            case .http1Only: ["http/1.1"]
            case .http2PriorKnowledge: ["h2"]
            }
        }

        /// Whether a connection to `key` that negotiated `alpn` (nil: none, or cleartext) speaks HTTP/2.
        func speaksHTTP2(alpn: String?, key: PoolKey) -> Bool {
            if alpn == "h2" { return true }
            guard self == .http2PriorKnowledge, alpn == nil else { return false }
            return key.proxy.map(\.tunnels) ?? true
        }

        /// Whether a connection to `key` may turn out to speak HTTP/2 (so the first requests to it share the
        /// one being opened until it says): with prior knowledge, or when ALPN may pick `h2` over TLS.
        func mayMultiplex(_ key: PoolKey) -> Bool {
            switch self {
            case .automatic: key.isSecure
            case .http1Only: false
            case .http2PriorKnowledge: speaksHTTP2(alpn: nil, key: key)
            }
        }
    }
}
#endif

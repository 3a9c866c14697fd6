#if os(Linux)  // SocketTransport is Linux only (see SocketTransport.swift)
import CourierHTTP

extension SocketTransport {
    /// Where the connections to a host name go, like `curl --resolve` or OkHttp's `Dns`: the system resolver
    /// (`getaddrinfo`) by default, a fixed table, or a lookup of your own (async, so it may ask a service).
    ///
    /// Only the addresses change: the TLS server name and certificate check, the `Host` header, the connection
    /// pool and cookies all keep the URL's host. Every address returned is tried, raced Happy-Eyeballs style as
    /// the system's are. Through a proxy, the host looked up is the proxy's.
    ///
    /// ```swift
    /// let staging = SocketTransport.HostResolver.mapping(["api.example.com": [.ip("10.0.0.7")]])
    /// let custom = SocketTransport.HostResolver { host, port in
    ///     host.hasSuffix(".internal") ? try await serviceRegistry.addresses(of: host) : nil   // nil: the system's
    /// }
    /// let transport = SocketTransport(configuration: .init(resolver: staging))
    /// ```
    public struct HostResolver: Sendable {
        private let lookUp: @Sendable (_ host: String, _ port: Int) async throws -> [HostAddress]?

        /// A resolver that asks `lookUp` for each host (as in the URL, IPv6 without brackets) and port it
        /// connects to: return the addresses to try in order, or `nil` to leave the host to the system resolver.
        /// An error thrown (or no address) fails the request with `.cannotConnect` (a `NetworkError` thrown is
        /// passed on as it is). Called only when a new connection is opened, so a slow lookup costs
        /// only new connections.
        public init(_ lookUp: @escaping @Sendable (_ host: String, _ port: Int) async throws -> [HostAddress]?) {
            self.lookUp = lookUp
        }

        /// Every host through `getaddrinfo` (numeric addresses are parsed at once): the default, which honours
        /// `/etc/hosts` and the system's DNS settings.
        public static let system = HostResolver { _, _ in nil }

        /// Fixed addresses for the hosts in `table` (names compared case-insensitively); other hosts go to the
        /// system resolver. Like `curl --resolve`: for a staging server or a test that must keep the real host
        /// name for TLS.
        public static func mapping(_ table: [String: [HostAddress]]) -> HostResolver {
            let lowercased = Dictionary(table.map { ($0.key.lowercasedASCII, $0.value) }, uniquingKeysWith: { first, _ in first })
            return HostResolver { host, _ in lowercased[host.lowercasedASCII] }
        }

        /// The socket addresses to connect to for `host` and `port`.
        func addresses(host: String, port: Int) async throws -> [SocketAddress] {
            let found: [HostAddress]?
            do {
                found = try await lookUp(host, port)
            } catch let error as NetworkError {
                throw error
            } catch {
                throw NetworkError.transport(TransportFailure(kind: .cannotConnect, message: "resolving '\(host)' failed: \(error)"))
            }
            guard let found else { return try await SocketAddress.resolve(host: host, port: port) }
            guard !found.isEmpty else {
                throw NetworkError.transport(TransportFailure(kind: .cannotConnect, message: "the resolver gave no address for '\(host)'"))
            }
            return try found.map { address throws(NetworkError) in try address.socketAddress(port: port, host: host) }
        }
    }
}
#endif

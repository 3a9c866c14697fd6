#if os(Linux)  // SocketTransport is Linux only (see SocketTransport.swift)
import CourierHTTP

extension SocketTransport {
    /// One place a `HostResolver` sends a host's connections: an IP address (on the request's port) or a Unix
    /// domain socket (the way the Docker Engine API is reached). Addresses, not names, so a resolver's answer
    /// is used as it is and never looked up again.
    ///
    /// ```swift
    /// let addresses: [SocketTransport.HostAddress] = [.ip("127.0.0.1"), .ip("::1")]
    /// let docker = SocketTransport.HostAddress.unixSocket(path: "/var/run/docker.sock")
    /// ```
    public struct HostAddress: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable {
            case ip(String)
            case unixSocket(String)
        }

        let kind: Kind

        /// A numeric IPv4 or IPv6 address (`"127.0.0.1"`, `"::1"`, brackets allowed), connected to on the port
        /// of the request's URL: to pin a host to a staging server or a test's loopback. A name is not resolved
    /// again: the request fails with `.cannotConnect`.
        public static func ip(_ address: String) -> HostAddress { HostAddress(kind: .ip(address)) }

        /// The Unix domain socket at `path` (at most 107 bytes, as `sockaddr_un` holds; a longer one fails with
        /// `.cannotConnect`); the port is ignored. For local daemons that listen on no TCP port.
        public static func unixSocket(path: String) -> HostAddress { HostAddress(kind: .unixSocket(path)) }

        /// `127.0.0.1`, `unix:/var/run/docker.sock`: as error messages name it.
        public var description: String {
            switch kind {
            case .ip(let address): address
            case .unixSocket(let path): "unix:\(path)"
            }
        }

        /// The socket address to connect to for `port`.
        ///
        /// - Throws: `.cannotConnect` for an `ip` that is not a numeric address, or a socket path too long.
        func socketAddress(port: Int, host: String) throws(NetworkError) -> SocketAddress {
            let address: SocketAddress? = switch kind {
            case .ip(let literal): SocketAddress.numeric(host: literal, port: port)
            case .unixSocket(let path): SocketAddress.unixSocket(path: path)
            }
            guard let address else {
                throw NetworkError.transport(TransportFailure(
                    kind: .cannotConnect, message: "the resolver gave '\(self)' for '\(host)', which is not an IP address or a usable socket path"))
            }
            return address
        }
    }
}
#endif

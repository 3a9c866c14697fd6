import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that refuses connections for as long as this value lives: a socket bound to it that never
/// listens. Unlike the port of a server that was shut down, no other test's server can be given it meanwhile,
/// so a "cannot connect" test stays deterministic in a parallel run.
///
/// ```swift
/// let closed = try ClosedPort()
/// let client = NetworkClient(baseURL: closed.url)   // every request fails with .cannotConnect
/// ```
public final class ClosedPort: Sendable {
    /// The refused port, chosen by the system; it stays reserved until this value is released.
    public let port: UInt16
    private let descriptor: Int32

    /// Reserves a port on 127.0.0.1 by binding a socket that never listens, so connections to it are refused.
    /// - Throws: `POSIXError` (`EMFILE` when no socket can be made, `EADDRNOTAVAIL` when none can be bound).
    public init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // Safe: `address` is a sockaddr_in on the stack, passed with its own size.
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// `http://127.0.0.1:<port>/`, the base URL for a client that must fail to connect.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    deinit { close(descriptor) }
}

#if os(Linux)
import CSocketSupport
import CourierHTTP
import Foundation
import Glibc

/// One address to connect to: an IPv4 or IPv6 socket address, as `connect(2)` takes it.
struct SocketAddress: Sendable, CustomStringConvertible {
    /// The address, in a storage big enough for either family.
    var storage: sockaddr_storage
    /// How many bytes of `storage` are used.
    var length: socklen_t

    /// The family (`AF_INET` or `AF_INET6`).
    var family: Int32 { Int32(storage.ss_family) }

    /// The numeric address (`127.0.0.1`, `::1`), for messages.
    var description: String {
        var copy = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let port: UInt16 = withUnsafePointer(to: &copy) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return address.pointee.sin6_port.bigEndian
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                var raw = address.pointee.sin_addr
                inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                return address.pointee.sin_port.bigEndian
            }
        }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The address when `host` is a numeric IPv4 or IPv6 literal (brackets allowed), else `nil`.
    static func numeric(host: String, port: Int) -> SocketAddress? {
        let bare = host.withoutIPv6Brackets
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr = v4
            return SocketAddress(copying: address)
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = v6
            return SocketAddress(copying: address)
        }
        return nil
    }

    /// Every address of `host`, in the order `getaddrinfo` prefers (RFC 6724). Numeric hosts are parsed at
    /// once; names are resolved on a thread of their own, never on the cooperative pool (getaddrinfo blocks).
    ///
    /// - Throws: `.cannotConnect` naming the host when it does not resolve.
    static func resolve(host: String, port: Int) async throws -> [SocketAddress] {
        if let address = numeric(host: host, port: port) { return [address] }
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: lookUp(host: host, port: port))
            }
        }
    }

    private static func lookUp(host: String, port: Int) -> Result<[SocketAddress], any Error> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            let reason = String(cString: gai_strerror(status))
            return .failure(NetworkError.transport(TransportFailure(kind: .cannotConnect, message: "cannot resolve '\(host)': \(reason)")))
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            if let address = current.pointee.ai_addr, current.pointee.ai_family == AF_INET || current.pointee.ai_family == AF_INET6 {
                var storage = sockaddr_storage()
                let length = Int(current.pointee.ai_addrlen)
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: length)) }
                addresses.append(SocketAddress(storage: storage, length: current.pointee.ai_addrlen))
            }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else {
            return .failure(NetworkError.transport(TransportFailure(kind: .cannotConnect, message: "'\(host)' has no IPv4 or IPv6 address")))
        }
        return .success(addresses)
    }
}
extension SocketAddress {
    /// `address` (a `sockaddr_in` or `sockaddr_in6`) in socket-address storage (an extension, so the memberwise
    /// initializer stays).
    fileprivate init<Address>(copying address: Address) {
        var storage = sockaddr_storage()
        withUnsafeBytes(of: address) { bytes in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
        }
        self.init(storage: storage, length: socklen_t(MemoryLayout<Address>.size))
    }
}
#endif

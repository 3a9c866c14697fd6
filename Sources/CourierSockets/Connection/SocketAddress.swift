#if os(Linux)
import CSocketSupport
import CourierHTTP
import Foundation
import Glibc

/// One address to connect to: an IPv4, IPv6 or Unix domain socket address, as `connect(2)` takes it.
struct SocketAddress: Sendable, CustomStringConvertible {
    /// The address, in a storage big enough for either family.
    var storage: sockaddr_storage
    /// How many bytes of `storage` are used.
    var length: socklen_t

    /// The family (`AF_INET`, `AF_INET6` or `AF_UNIX`).
    var family: Int32 { Int32(storage.ss_family) }

    /// The numeric address with its port (`127.0.0.1:80`, `[::1]:443`) or `unix:` and the socket's path, for
    /// messages.
    var description: String {
        var copy = storage
        if family == AF_UNIX {
            let path = withUnsafeBytes(of: &copy) { bytes in
                Array(bytes[MemoryLayout<sa_family_t>.size..<Int(length)].prefix { $0 != 0 })
            }
            return "unix:" + String(decoding: path, as: UTF8.self)
        }
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

    /// The Unix domain socket at `path`, or nil when the path is empty, holds a NUL or does not fit `sun_path`.
    static func unixSocket(path: String) -> SocketAddress? {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, !bytes.contains(0), bytes.count < capacity else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        var unix = SocketAddress(copying: address)
        unix.length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return unix
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
    /// `address` (a `sockaddr_in`, `sockaddr_in6` or `sockaddr_un`) in socket-address storage (an extension, so the memberwise
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

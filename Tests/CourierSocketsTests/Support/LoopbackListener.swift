#if os(Linux)
import Foundation
import Glibc

/// A blocking listening socket on 127.0.0.1 with a port of the kernel's choice, for the tests' hand-written servers.
struct LoopbackListener {
    let descriptor: Int32
    let port: UInt16

    /// Listens with `backlog` (the kernel holds `backlog` + 1 finished handshakes, and drops SYNs past them).
    init(backlog: Int32 = 16) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        // Safe: `address` is a sockaddr_in on the stack, passed with its own size.
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, backlog) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        descriptor = listener
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Accepts connections on a thread of its own until `shutdown()`, serving each on a new thread.
    func serveEachConnection(_ serve: @escaping @Sendable (Int32) -> Void) {
        let listener = descriptor
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { serve(client) }
            }
        }
    }

    /// Reads one byte at a time up to and including the blank line that ends a request head.
    static func readHead(from client: Int32) -> String {
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !head.ends(with: [13, 10, 13, 10]), recv(client, &byte, 1, 0) == 1 { head.append(byte) }
        return String(decoding: head, as: UTF8.self)
    }

    /// Stops accepting.
    func shutdown() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket listening on 127.0.0.1, or a Unix domain socket listening at a path.
struct ListeningSocket: Sendable {
    let fd: Int32
    let port: UInt16
    /// The socket file of a Unix domain listener (removed when the listener closes); nil for TCP.
    var path: String?

    /// Binds 127.0.0.1:`port` (0 picks a free port) and starts listening.
    static func bind(port: UInt16, backlog: Int32) throws(MockWebServerError) -> ListeningSocket {
        let fd = socket(AF_INET, POSIX.streamSocketType, 0)
        guard fd >= 0 else { throw .cannotStart(reason: "socket() failed, errno \(POSIX.errno)") }
        POSIX.setCloseOnExec(fd)
        POSIX.setInt(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        var address = POSIX.loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = POSIX.errno
            POSIX.closeSocket(fd)
            throw .cannotStart(reason: "bind(127.0.0.1:\(port)) failed, errno \(code)")
        }
        guard listen(fd, backlog) == 0 else {
            let code = POSIX.errno
            POSIX.closeSocket(fd)
            throw .cannotStart(reason: "listen() failed, errno \(code)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = POSIX.errno
            POSIX.closeSocket(fd)
            throw .cannotStart(reason: "getsockname() failed, errno \(code)")
        }
        return ListeningSocket(fd: fd, port: UInt16(bigEndian: actual.sin_port))
    }

    /// Binds a Unix domain socket at `path` (which must not exist yet) and starts listening.
    static func bind(unixPath path: String, backlog: Int32) throws(MockWebServerError) -> ListeningSocket {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, !bytes.contains(0), bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .cannotStart(reason: "'\(path)' is not a usable Unix socket path (at most \(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes)")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
        address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let fd = socket(AF_UNIX, POSIX.streamSocketType, 0)
        guard fd >= 0 else { throw .cannotStart(reason: "socket(AF_UNIX) failed, errno \(POSIX.errno)") }
        POSIX.setCloseOnExec(fd)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemBind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            let code = POSIX.errno
            POSIX.closeSocket(fd)
            throw .cannotStart(reason: "binding the Unix socket '\(path)' failed, errno \(code)")
        }
        return ListeningSocket(fd: fd, port: 0, path: path)
    }

    /// Closes the listener (and removes a Unix socket's file).
    func close() {
        POSIX.closeSocket(fd)
        if let path { unlink(path) }
    }

    /// Accepts one pending connection, or returns nil (nothing pending, or the listener was shut down).
    func accept() -> Int32? {
        let client = systemAccept(fd, nil, nil)
        guard client >= 0 else { return nil }
        POSIX.configureAccepted(client)
        return client
    }
}

// `bind` and `accept` are shadowed by methods of the same name inside the type; these reach the C functions.
private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(fd, address, length)
}

private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    accept(fd, address, length)
}

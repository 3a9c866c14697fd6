#if os(Linux)
import Foundation
import Glibc

/// A non-blocking TCP socket to 127.0.0.1 and poll() waits bounded by a hang guard, for the test clients.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How long a wait may take before the test calls it a hang.
    static let hangGuardMilliseconds: Int32 = 60_000

    /// A connected non-blocking socket to 127.0.0.1:`port`.
    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed, errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0, !(errno == EINPROGRESS && wait(fd, for: Int16(POLLOUT))) {
            close(fd)
            throw Failure(description: "connect() failed, errno \(errno)")
        }
        return fd
    }

    /// Waits until `fd` is ready for `events`; false after the hang guard.
    static func wait(_ fd: Int32, for events: Int16) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        var result: Int32
        repeat {
            result = poll(&entry, 1, hangGuardMilliseconds)
        } while result < 0 && errno == EINTR
        return result > 0
    }
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX socket calls whose spelling differs between Glibc and Darwin.
enum POSIX {
    #if canImport(Darwin)
    static let streamSocketType = SOCK_STREAM
    /// Darwin has no `MSG_NOSIGNAL`; sockets get `SO_NOSIGPIPE` instead (see `configureAccepted`).
    static let sendFlags: Int32 = 0
    #else
    static let streamSocketType = Int32(SOCK_STREAM.rawValue)
    /// `MSG_NOSIGNAL`: a peer that closed early yields `EPIPE` instead of killing the process with SIGPIPE.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    static var errno: Int32 {
        #if canImport(Glibc)
        Glibc.errno
        #elseif canImport(Musl)
        Musl.errno
        #else
        Darwin.errno
        #endif
    }

    static func setInt(_ fd: Int32, _ level: Int32, _ option: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(fd, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Marks a descriptor close-on-exec so child processes spawned by tests do not inherit it.
    static func setCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }

    /// Options for every accepted connection: no SIGPIPE on Darwin, no Nagle delay.
    static func configureAccepted(_ fd: Int32) {
        setCloseOnExec(fd)
        #if canImport(Darwin)
        setInt(fd, SOL_SOCKET, SO_NOSIGPIPE, 1)
        #endif
        setInt(fd, Int32(IPPROTO_TCP), Int32(TCP_NODELAY), 1)
    }

    /// Makes the next `close` send a TCP RST instead of a FIN (SO_LINGER with a zero timeout).
    static func setResetOnClose(_ fd: Int32) {
        var value = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
    }

    /// An IPv4 loopback address (127.0.0.1) with `port`.
    static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    @discardableResult
    static func closeSocket(_ fd: Int32) -> Int32 {
        close(fd)
    }

    static func shutdownBoth(_ fd: Int32) {
        #if canImport(Darwin)
        _ = shutdown(fd, SHUT_RDWR)
        #else
        _ = shutdown(fd, Int32(SHUT_RDWR))
        #endif
    }

    /// Half-closes: sends a FIN but keeps reading.
    static func shutdownWrite(_ fd: Int32) {
        #if canImport(Darwin)
        _ = shutdown(fd, SHUT_WR)
        #else
        _ = shutdown(fd, Int32(SHUT_WR))
        #endif
    }

    /// Waits until `fd` is readable (or hung up) for at most `milliseconds`. Returns true when it is.
    static func pollReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let result = poll(&entry, 1, milliseconds)
        return result > 0
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        recv(fd, buffer.baseAddress, buffer.count, 0)
    }

    static func send(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        #if canImport(Darwin)
        Darwin.send(fd, buffer.baseAddress, buffer.count, sendFlags)
        #elseif canImport(Musl)
        Musl.send(fd, buffer.baseAddress, buffer.count, sendFlags)
        #else
        Glibc.send(fd, buffer.baseAddress, buffer.count, sendFlags)
        #endif
    }
}

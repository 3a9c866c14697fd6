#if canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#else
import Glibc
#endif

/// A pipe that wakes a thread polling a socket: other threads `signal()`, the polling thread includes
/// `readFD` in its `poll` and `drain()`s it after waking.
final class WakePipe: Sendable {
    let readFD: Int32
    let writeFD: Int32

    /// Nil when the process is out of descriptors.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        _ = close(readFD)
        _ = close(writeFD)
    }

    /// Wakes the poller (a full pipe already will).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(readFD, &scratch, scratch.count) > 0 {}
    }

    /// Waits at most `milliseconds` until `fd` is readable or the pipe is signalled. Returns whether `fd` is
    /// readable (or hung up).
    func poll(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entries = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
        #if canImport(Darwin)
        let result = Darwin.poll(&entries, 2, milliseconds)
        #elseif canImport(Musl)
        let result = Musl.poll(&entries, 2, milliseconds)
        #else
        let result = Glibc.poll(&entries, 2, milliseconds)
        #endif
        if entries[1].revents != 0 { drain() }
        return result > 0 && entries[0].revents != 0
    }
}

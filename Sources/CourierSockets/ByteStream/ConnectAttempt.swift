#if os(Linux)
import Glibc

/// One socket of a `ByteStreamConnection` being opened, connecting to one address. Happy Eyeballs (RFC 8305)
/// races a few of them a short delay apart; the stream adopts the first that connects and closes the others.
///
/// Lives on its stream's loop thread only (registered there, called there).
final class ConnectAttempt: LoopChannel {
    let fd: Int32
    let address: SocketAddress
    /// The loop the attempt is registered with.
    let loop: EventLoop
    /// Weak: the stream closes its attempts before it is done connecting, so this is `nil` only for an
    /// attempt that outlived a broken invariant (it then closes its own socket).
    private weak var owner: ByteStreamConnection?

    init(fd: Int32, address: SocketAddress, owner: ByteStreamConnection) {
        self.fd = fd
        self.address = address
        self.owner = owner
        self.loop = owner.loop
    }

    /// The socket connected or failed.
    func handleEvents(_ events: UInt32) {
        guard let owner else {
            // Deregistered before it is closed: a socket left in the epoll set reports ready on every wait.
            loop.deregister(fd: fd)
            Glibc.close(fd)
            return
        }
        owner.attemptFinished(self)
    }

    /// The stream's deadline (its connect time-out, the next attempt's start), through its first attempt
    /// only: a connecting stream is not registered with the loop itself, and is told once per moment.
    var deadline: UInt64? {
        guard let owner, owner.attempts.first === self else { return nil }
        return owner.deadline
    }

    func handleDeadline(now: UInt64) {
        owner?.handleDeadline(now: now)
    }
}
#endif

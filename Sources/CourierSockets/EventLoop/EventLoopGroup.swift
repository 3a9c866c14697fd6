#if os(Linux)
import CourierHTTP
import Foundation

/// The process's I/O threads, shared by every `SocketTransport` (like the one thread URLSession drives curl from,
/// but without its locks): one per two cores, at least one, started on first use and never stopped.
final class EventLoopGroup: Sendable {
    /// The shared group.
    static let shared = EventLoopGroup(count: max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

    private let loops: [EventLoop]
    private let next = LockedState(0)

    private init(count: Int) {
        loops = (0..<count).map { EventLoop(name: "Courier I/O \($0 + 1)") }
    }

    /// The loop for a new connection (round robin).
    func nextLoop() -> EventLoop {
        let index = next.withLock { value in
            defer { value &+= 1 }
            return value
        }
        return loops[index % loops.count]
    }
}

#endif

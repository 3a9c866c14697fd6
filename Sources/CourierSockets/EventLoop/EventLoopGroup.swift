#if os(Linux)
import CourierHTTP
import Foundation

/// The process's I/O threads, shared by every `SocketTransport` (like the one thread URLSession drives curl from,
/// but without its locks): one per core, started on first use and never stopped. One per core rather than one per
/// two: on two cores, 64 GETs in flight against nginx ran at 37,900 req/s with two loops against 29,000 with one
/// (median of 5 interleaved rounds, same CPU per request), the one loop thread being the serial part.
///
/// Loops start when a connection first needs one, so a loop that could not start (at the descriptor limit) fails
/// that connection's `send` with a typed error and is tried again by the next connection.
final class EventLoopGroup: Sendable {
    /// The shared group.
    static let shared = EventLoopGroup(count: max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// The loops started so far, `nil` where none has started yet, and the round-robin position.
    private let state: LockedState<(loops: [EventLoop?], next: Int)>

    private init(count: Int) {
        state = LockedState((Array(repeating: nil, count: count), 0))
    }

    /// The loop for a new connection (round robin), started here if it is the first to use it.
    ///
    /// - Throws: `NetworkError.transport` when the loop cannot start (see `EventLoop.init(name:)`).
    func nextLoop() throws(NetworkError) -> EventLoop {
        let loop = state.withLock { state -> Result<EventLoop, NetworkError> in
            let index = state.next % state.loops.count
            if let loop = state.loops[index] {
                state.next &+= 1
                return .success(loop)
            }
            do throws(NetworkError) {
                let loop = try EventLoop(name: "Courier I/O \(index + 1)")
                state.loops[index] = loop
                state.next &+= 1
                return .success(loop)
            } catch {
                return .failure(error)
            }
        }
        return try loop.get()
    }
}

#endif

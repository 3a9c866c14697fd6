#if os(Linux)
import CourierHTTP

/// The keep-alive connections of one `SocketTransport`, per origin: idle ones to reuse (the most recently used
/// first), a limit on how many are open per origin, and a queue of requests waiting for one.
///
/// A connection takes a slot from `acquire` until it reports `connectionClosed`; between requests it is handed
/// back with `connectionIdle`, straight to the first waiter if there is one.
final class ConnectionPool: Sendable {
    /// What a waiting request is given.
    private enum Grant {
        /// An idle connection to reuse.
        case connection(HTTP1Connection)
        /// Room to open a new connection.
        case slot
    }

    private struct Waiter {
        var id: Int
        var continuation: CheckedContinuation<Grant, any Error>
    }

    private struct Origin {
        var idle: [HTTP1Connection] = []
        var open = 0
        var waiters: [Waiter] = []
    }

    private struct State {
        var origins: [PoolKey: Origin] = [:]
        var nextWaiter = 0
        var shutDown = false
    }

    private let state = LockedState(State())
    /// The most connections open at once to one origin.
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// A connection to `key`: an idle one, a new one from `open` when there is room, or the first to come free.
    ///
    /// - Returns: the connection and whether it served an earlier request.
    /// - Throws: `NetworkError.cancelled` when the task is cancelled while waiting; `open`'s error.
    func acquire(
        _ key: PoolKey, open: () async throws -> HTTP1Connection
    ) async throws -> (connection: HTTP1Connection, reused: Bool) {
        var grant = state.withLock { state -> Grant? in Self.grant(key, in: &state, limit: limit) }
        if grant == nil {
            let id = state.withLock { state -> Int in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            grant = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Grant, any Error>) in
                    let now = state.withLock { state -> Grant? in
                        if let grant = Self.grant(key, in: &state, limit: limit) { return grant }
                        state.origins[key, default: Origin()].waiters.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                    if let now { continuation.resume(returning: now) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> Waiter? in
                    guard let index = state.origins[key]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.origins[key]?.waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: NetworkError.cancelled)
            }
        }
        switch grant {
        case .connection(let connection):
            return (connection, true)
        case .slot, nil:
            do {
                return (try await open(), false)
            } catch {
                slotFreed(key)
                throw error
            }
        }
    }

    /// Takes an idle connection or a free slot, if either exists.
    private static func grant(_ key: PoolKey, in state: inout State, limit: Int) -> Grant? {
        // In place (`inout` through the dictionary's subscript): a copied-out `Origin` would make every
        // request copy the idle array, retaining each of its connections.
        grant(from: &state.origins[key, default: Origin()], limit: limit)
    }

    private static func grant(from origin: inout Origin, limit: Int) -> Grant? {
        if let connection = origin.idle.popLast() { return .connection(connection) }
        guard origin.open < limit else { return nil }
        origin.open += 1
        return .slot
    }

    /// `connection` finished a request and may serve another.
    func connectionIdle(_ connection: HTTP1Connection) {
        let (waiter, closeIt) = state.withLock { state -> (Waiter?, Bool) in
            if state.shutDown { return (nil, true) }
            return (Self.handOver(connection, to: &state.origins[connection.key, default: Origin()]), false)
        }
        if closeIt { connection.loop.execute { connection.closeIfIdle() } }
        waiter?.continuation.resume(returning: .connection(connection))
    }

    /// `connection` closed: its slot is free (and it is no longer idle).
    /// Gives `connection` to the first waiter of its origin, or else keeps it idle there.
    private static func handOver(_ connection: HTTP1Connection, to origin: inout Origin) -> Waiter? {
        if !origin.waiters.isEmpty { return origin.waiters.removeFirst() }
        origin.idle.append(connection)
        return nil
    }

    func connectionClosed(_ connection: HTTP1Connection) {
        state.withLock { state in
            state.origins[connection.key]?.idle.removeAll { $0 === connection }
        }
        slotFreed(connection.key)
    }

    /// A slot of `key` came free: the first waiter may open a connection.
    private func slotFreed(_ key: PoolKey) {
        let waiter = state.withLock { state -> Waiter? in
            guard var origin = state.origins[key] else { return nil }
            defer { state.origins[key] = origin.open == 0 && origin.waiters.isEmpty && origin.idle.isEmpty ? nil : origin }
            origin.open -= 1
            guard !origin.waiters.isEmpty else { return nil }
            origin.open += 1
            return origin.waiters.removeFirst()
        }
        waiter?.continuation.resume(returning: .slot)
    }

    /// Closes the idle connections of `key`: after one of them turned out stale, its siblings (idle as long)
    /// likely are too, so the request sent again goes on a new connection.
    func closeIdle(_ key: PoolKey) {
        let idle = state.withLock { state -> [HTTP1Connection] in
            guard let idle = state.origins[key]?.idle else { return [] }
            state.origins[key]?.idle = []
            return idle
        }
        for connection in idle { connection.loop.execute { connection.closeIfIdle() } }
    }

    /// Closes every idle connection; connections in use close when their request ends.
    func shutDown() {
        let idle = state.withLock { state -> [HTTP1Connection] in
            state.shutDown = true
            return state.origins.values.flatMap(\.idle)
        }
        for connection in idle { connection.loop.execute { connection.closeIfIdle() } }
    }
}
#endif

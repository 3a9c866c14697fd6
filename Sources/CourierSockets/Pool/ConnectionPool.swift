#if os(Linux)
import CourierHTTP

/// The connections of one `SocketTransport`, per origin, whatever protocol they speak: a limit on how many are
/// open per origin, room on them to reuse (the most recently freed first), and a queue of requests waiting.
///
/// An HTTP/1.1 connection has room for one exchange; a multiplexed one for as many as its peer allows (see
/// `PooledConnection`). A connection takes a slot from `acquire` (and joins with `connectionOpened`) until it
/// reports `connectionClosed`; each exchange on it occupies room from its grant until `exchangeFinished(on:)`,
/// which hands the room straight to the first waiter if there is one.
///
/// An origin known or expected to multiplex (its last connection did; or `httpVersion` may speak HTTP/2 to it:
/// with prior knowledge, or by ALPN over TLS) opens one connection at a time: while one is connecting, requests
/// wait for room on it rather than each opening its own. If it turns out to speak HTTP/1.1, the waiters then get
/// slots to open their own.
final class ConnectionPool: Sendable {
    /// What a waiting request is given.
    private enum Grant {
        /// Room on an open connection.
        case connection(any PooledConnection)
        /// Room to open a new connection.
        case slot
    }

    private struct Waiter {
        var id: Int
        var continuation: CheckedContinuation<Grant, any Error>
    }

    /// An open connection and the exchanges it carries.
    private struct Entry {
        var connection: any PooledConnection
        var inUse: Int
        var capacity: Int
        var hasRoom: Bool { inUse < capacity }
    }

    private struct Origin {
        /// The open connections, the most recently freed room last.
        var connections: [Entry] = []
        var open = 0
        var waiters: [Waiter] = []
        /// Whether the origin's connections carry many exchanges (nil: not known yet).
        var multiplexed: Bool?
    }

    private struct State {
        var origins: [PoolKey: Origin] = [:]
        var nextWaiter = 0
        var shutDown = false
    }

    private let state = LockedState(State())
    /// The most connections open at once to one origin.
    let limit: Int
    /// The versions spoken: whether an origin not yet connected to may multiplex.
    let httpVersion: SocketTransport.HTTPVersion

    init(limit: Int, httpVersion: SocketTransport.HTTPVersion = .http1Only) {
        self.limit = max(1, limit)
        self.httpVersion = httpVersion
    }

    /// Room for one exchange on a connection to `key`: on an open one, on a new one from `open` when there is
    /// room for another connection, or on the first to come free.
    ///
    /// - Returns: the connection and whether it served an earlier request.
    /// - Throws: `NetworkError.cancelled` when the task is cancelled while waiting; `open`'s error.
    func acquire(
        _ key: PoolKey, open: () async throws -> any PooledConnection
    ) async throws -> (connection: any PooledConnection, reused: Bool) {
        var grant = state.withLock { state -> Grant? in self.grant(key, in: &state) }
        if grant == nil { grant = try await wait(for: key) }
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

    /// `connection`, opened on a slot `acquire` granted, carries the exchange it was opened for. Called by whoever
    /// made it, on its loop, before it can close (so before `connectionClosed`). Waiters get room on it at once
    /// when it multiplexes, or else slots to open their own when there is room for more connections.
    func connectionOpened(_ connection: any PooledConnection) {
        let entry = Entry(connection: connection, inUse: 1, capacity: max(1, connection.maximumConcurrentExchanges))
        let (granted, slots) = state.withLock { state -> ([Waiter], [Waiter]) in
            Self.join(entry, origin: &state.origins[connection.key, default: Origin()], limit: limit)
        }
        for waiter in granted { waiter.continuation.resume(returning: .connection(connection)) }
        for waiter in slots { waiter.continuation.resume(returning: .slot) }
    }

    private static func join(_ entry: Entry, origin: inout Origin, limit: Int) -> ([Waiter], [Waiter]) {
        origin.connections.append(entry)
        origin.multiplexed = entry.capacity > 1
        let granted = grantRoom(on: origin.connections.count - 1, in: &origin)
        var slots: [Waiter] = []
        while entry.capacity == 1, !origin.waiters.isEmpty, origin.open < limit {
            origin.open += 1
            slots.append(origin.waiters.removeFirst())
        }
        return (granted, slots)
    }

    /// Queues the caller for `key` until room comes free.
    private func wait(for key: PoolKey) async throws -> Grant {
        let id = state.withLock { state -> Int in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Grant, any Error>) in
                let now = state.withLock { state -> Grant? in
                    if let grant = self.grant(key, in: &state) { return grant }
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

    /// Takes room on an open connection or a free slot, if either exists.
    private func grant(_ key: PoolKey, in state: inout State) -> Grant? {
        // In place (`inout` through the dictionary's subscript): a copied-out `Origin` would make every
        // request copy the connections array, retaining each of its connections.
        Self.grant(from: &state.origins[key, default: Origin()], limit: limit, expectsMultiplexing: httpVersion.mayMultiplex(key))
    }

    private static func grant(from origin: inout Origin, limit: Int, expectsMultiplexing: @autoclosure () -> Bool) -> Grant? {
        if let index = origin.connections.lastIndex(where: { $0.hasRoom }) {
            origin.connections[index].inUse += 1
            return .connection(origin.connections[index].connection)
        }
        // A multiplexed connection is opening: its room comes with it.
        if origin.multiplexed ?? expectsMultiplexing(), origin.open > origin.connections.count { return nil }
        guard origin.open < limit else { return nil }
        origin.open += 1
        return .slot
    }

    /// An exchange on `connection` ended: its room goes to the first waiter of the origin, or is kept.
    func exchangeFinished(on connection: any PooledConnection) {
        let (waiter, closeIt) = state.withLock { state -> (Waiter?, Bool) in
            if state.shutDown { return (nil, true) }
            return (Self.free(connection, in: &state.origins[connection.key, default: Origin()]), false)
        }
        if closeIt { connection.loop.execute { connection.closeIfIdle() } }
        waiter?.continuation.resume(returning: .connection(connection))
    }

    /// Gives the room freed on `connection` to the first waiter, or else keeps it (the connection moves last,
    /// so it is the first reused).
    private static func free(_ connection: any PooledConnection, in origin: inout Origin) -> Waiter? {
        guard let index = origin.connections.firstIndex(where: { $0.connection === connection }) else { return nil }
        if !origin.waiters.isEmpty { return origin.waiters.removeFirst() }
        var entry = origin.connections.remove(at: index)
        entry.inUse = max(0, entry.inUse - 1)
        origin.connections.append(entry)
        return nil
    }

    /// The peer of `connection` now lets it carry `capacity` exchanges at once (an HTTP/2 `SETTINGS` frame's
    /// `MAX_CONCURRENT_STREAMS`): waiters get the new room at once.
    func connection(_ connection: any PooledConnection, canCarry capacity: Int) {
        let waiters = state.withLock { state -> [Waiter] in
            Self.setCapacity(capacity, of: connection, in: &state.origins[connection.key, default: Origin()])
        }
        for waiter in waiters { waiter.continuation.resume(returning: .connection(connection)) }
    }

    private static func setCapacity(_ capacity: Int, of connection: any PooledConnection, in origin: inout Origin) -> [Waiter] {
        guard let index = origin.connections.firstIndex(where: { $0.connection === connection }) else { return [] }
        origin.connections[index].capacity = max(0, capacity)
        return grantRoom(on: index, in: &origin)
    }

    /// Hands the room left on the connection at `index` to the first waiters.
    private static func grantRoom(on index: Int, in origin: inout Origin) -> [Waiter] {
        let room = min(origin.waiters.count, max(0, origin.connections[index].capacity - origin.connections[index].inUse))
        origin.connections[index].inUse += room
        let granted = Array(origin.waiters.prefix(room))
        origin.waiters.removeFirst(room)
        return granted
    }

    /// `connection` closed: its slot is free, and it carries nothing more.
    func connectionClosed(_ connection: any PooledConnection) {
        state.withLock { state in
            state.origins[connection.key]?.connections.removeAll { $0.connection === connection }
        }
        slotFreed(connection.key)
    }

    /// A slot of `key` came free: the first waiter may open a connection.
    private func slotFreed(_ key: PoolKey) {
        let waiter = state.withLock { state -> Waiter? in
            guard var origin = state.origins[key] else { return nil }
            defer {
                state.origins[key] = origin.open == 0 && origin.waiters.isEmpty && origin.connections.isEmpty ? nil : origin
            }
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
        let idle = state.withLock { state -> [any PooledConnection] in
            guard let origin = state.origins[key] else { return [] }
            state.origins[key]?.connections.removeAll { $0.inUse == 0 }
            return origin.connections.filter { $0.inUse == 0 }.map(\.connection)
        }
        for connection in idle { connection.loop.execute { connection.closeIfIdle() } }
    }

    /// How many requests wait for room to `key` (for tests and diagnostics).
    func waiterCount(_ key: PoolKey) -> Int {
        state.withLock { $0.origins[key]?.waiters.count ?? 0 }
    }

    /// Closes every idle connection; connections in use close when their exchanges end.
    func shutDown() {
        let idle = state.withLock { state -> [any PooledConnection] in
            state.shutDown = true
            return state.origins.values.flatMap { $0.connections.filter { $0.inUse == 0 }.map(\.connection) }
        }
        for connection in idle { connection.loop.execute { connection.closeIfIdle() } }
    }
}
#endif

#if os(Linux)
import CourierHTTP
@testable import CourierSockets
import Testing
import TestSupport

/// The pool counts exchanges per connection, whatever the protocol: one at a time on an HTTP/1.1 connection, up
/// to the peer's limit on a multiplexed one, opening another connection only when every open one is full.
@Suite("ConnectionPoolTests (Linux)") struct ConnectionPoolTests {
    /// A connection that carries `maximumConcurrentExchanges` exchanges and sends nothing.
    final class FakeConnection: PooledConnection, @unchecked Sendable {
        // @unchecked Sendable: every field is a constant.
        let key: PoolKey
        let loop: EventLoop
        let maximumConcurrentExchanges: Int

        init(key: PoolKey, loop: EventLoop, capacity: Int) {
            self.key = key
            self.loop = loop
            self.maximumConcurrentExchanges = capacity
        }

        func start(_ exchange: Exchange) {}
        func cancel(_ exchange: Exchange) {}
        func closeIfIdle() {}
    }

    /// Makes the connections a test's pool opens, and keeps them.
    final class Maker {
        let loop: EventLoop
        let capacity: Int
        var made: [FakeConnection] = []

        init(capacity: Int) throws {
            self.loop = try EventLoopGroup.shared.nextLoop()
            self.capacity = capacity
        }

        func make() -> FakeConnection {
            made.append(FakeConnection(key: ConnectionPoolTests.key, loop: loop, capacity: capacity))
            return made[made.count - 1]
        }
    }

    static let key = PoolKey(scheme: "https", host: "example.com", port: 443, proxy: nil)

    /// Acquires room for one exchange; a new connection is `make()`, joined to the pool as a real one joins it.
    static func acquire(
        _ pool: ConnectionPool, make: () -> FakeConnection
    ) async throws -> (connection: any PooledConnection, reused: Bool) {
        try await pool.acquire(key) {
            let connection = make()
            pool.connectionOpened(connection)
            return connection
        }
    }

    /// Starts acquiring room whose new connection is `connection`, opened (and counted in `opens`) only when
    /// the returned gate yields; returns once it is opening.
    static func acquireOpening(
        _ pool: ConnectionPool, _ connection: FakeConnection, opens: LockedState<Int>
    ) async -> (Task<(connection: any PooledConnection, reused: Bool), any Error>, AsyncStream<Void>.Continuation) {
        let (opening, gate) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await pool.acquire(Self.key) {
                opens.withLock { $0 += 1 }
                for await _ in opening { break }
                pool.connectionOpened(connection)
                return connection
            }
        }
        while opens.withLock({ $0 }) == 0 { await Task.yield() }
        return (first, gate)
    }

    @Test func aMultiplexedConnectionCarriesExchangesUpToItsCapacity() async throws {
        let pool = ConnectionPool(limit: 4)
        let maker = try Maker(capacity: 3)
        let make = maker.make
        var granted: [(connection: any PooledConnection, reused: Bool)] = []
        for _ in 0..<4 { granted.append(try await Self.acquire(pool, make: make)) }
        #expect(maker.made.count == 2)
        #expect(granted.map(\.reused) == [false, true, true, false])
        #expect(granted[0...2].allSatisfy { $0.connection === maker.made[0] })
        #expect(granted[3].connection === maker.made[1])
        // Room freed on the first connection is reused before the second connection's.
        pool.exchangeFinished(on: maker.made[0])
        #expect(try await Self.acquire(pool, make: make).connection === maker.made[0])
    }

    @Test("an origin expected to multiplex opens one connection; requests meanwhile wait and get room on it")
    func requestsWaitForTheMultiplexedConnectionBeingOpened() async throws {
        let pool = ConnectionPool(limit: 4, httpVersion: .http2PriorKnowledge)
        let loop = try EventLoopGroup.shared.nextLoop()
        let connection = FakeConnection(key: Self.key, loop: loop, capacity: 100)
        let opens = LockedState(0)
        let (first, gate) = await Self.acquireOpening(pool, connection, opens: opens)
        let others = (0..<5).map { _ in
            Task {
                try await pool.acquire(Self.key) {
                    opens.withLock { $0 += 1 }
                    return FakeConnection(key: Self.key, loop: loop, capacity: 100)
                }
            }
        }
        // Until all five wait (or one wrongly opened a connection of its own).
        while pool.waiterCount(Self.key) < 5, opens.withLock({ $0 }) == 1 { await Task.yield() }
        gate.yield()
        #expect(try await first.value.reused == false)
        for other in others {
            let granted = try await other.value
            #expect(granted.reused && granted.connection === connection)
        }
        #expect(opens.withLock { $0 } == 1)
    }

    @Test("an https origin under .automatic opens one connection first; when ALPN says http/1.1 the waiters open their own")
    func waitersOpenTheirOwnWhenTheFirstConnectionSpeaksHTTP1() async throws {
        let pool = ConnectionPool(limit: 4, httpVersion: .automatic)
        let loop = try EventLoopGroup.shared.nextLoop()
        let connection = FakeConnection(key: Self.key, loop: loop, capacity: 1)
        let opens = LockedState(0)
        let (first, gate) = await Self.acquireOpening(pool, connection, opens: opens)
        let makeOwn = { @Sendable () -> FakeConnection in
            opens.withLock { $0 += 1 }
            return FakeConnection(key: Self.key, loop: loop, capacity: 1)
        }
        let others = (0..<3).map { _ in Task { try await Self.acquire(pool, make: makeOwn) } }
        while pool.waiterCount(Self.key) < 3, opens.withLock({ $0 }) == 1 { await Task.yield() }
        #expect(opens.withLock { $0 } == 1)
        gate.yield()
        #expect(try await first.value.connection === connection)
        for other in others {
            let granted = try await other.value
            #expect(!granted.reused && granted.connection !== connection)
        }
        #expect(opens.withLock { $0 } == 4)
    }

    @Test func anHTTP1ConnectionCarriesOneExchangeAtATime() async throws {
        let pool = ConnectionPool(limit: 4)
        let maker = try Maker(capacity: 1)
        let make = maker.make
        _ = try await Self.acquire(pool, make: make)
        _ = try await Self.acquire(pool, make: make)
        #expect(maker.made.count == 2)
        pool.exchangeFinished(on: maker.made[1])
        let reused = try await Self.acquire(pool, make: make)
        #expect(reused.reused && reused.connection === maker.made[1])
        pool.connectionClosed(maker.made[0])
        pool.exchangeFinished(on: maker.made[0])  // a closed connection's late report changes nothing
        #expect(try await Self.acquire(pool, make: make).reused == false)
        #expect(maker.made.count == 3)
    }

    @Test(.hangLimit(minutes: 1)) func aConnectionAllowedMoreExchangesTakesThem() async throws {
        let pool = ConnectionPool(limit: 1)
        let connection = try Maker(capacity: 1).make()
        _ = try await Self.acquire(pool) { connection }
        pool.connection(connection, canCarry: 2)
        let second = try await Self.acquire(pool) {
            Issue.record("a second connection was opened beyond the limit")
            return connection
        }
        #expect(second.reused && second.connection === connection)
    }
}
#endif

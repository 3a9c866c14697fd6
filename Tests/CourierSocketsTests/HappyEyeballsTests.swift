#if os(Linux)
import CourierHTTP
@testable import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// Connecting to a host's addresses Happy-Eyeballs style (RFC 8305): families alternate, a silent address gets
/// 250 ms before the next one races it, a refused one hands over at once, and the loser's socket is closed.
@Suite("HappyEyeballsTests (Linux)", .loopback) struct HappyEyeballsTests {
    static func address(_ host: String, _ port: Int) -> SocketAddress {
        SocketAddress.numeric(host: host, port: port)!
    }

    @Test func familiesAlternateFromTheFirstAddressesFamily() {
        let v6a = Self.address("::1", 1), v6b = Self.address("::2", 1)
        let v4a = Self.address("127.0.0.1", 1), v4b = Self.address("127.0.0.2", 1), v4c = Self.address("127.0.0.3", 1)
        let order = { (addresses: [SocketAddress]) in ByteStreamConnection.interleavingFamilies(addresses).map(\.description) }
        #expect(order([v6a, v6b, v4a, v4b]) == [v6a, v4a, v6b, v4b].map(\.description))
        #expect(order([v4a, v4b, v4c, v6a]) == [v4a, v6a, v4b, v4c].map(\.description))
        #expect(order([v4a]) == [v4a.description])
        #expect(order([]).isEmpty)
    }

    /// A listening socket whose accept queue is full and never drained: the kernel drops further SYNs, so a
    /// connect to it neither succeeds nor fails (what a host with a broken IPv6 route looks like).
    final class SilentListener {
        let listener: LoopbackListener
        private var queued: [Int32] = []

        init() throws {
            listener = try LoopbackListener(backlog: 0)
            // Backlog 0 holds one finished handshake; after that the queue is full.
            for _ in 0..<1 {
                let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
                var storage = HappyEyeballsTests.address("127.0.0.1", Int(listener.port)).storage
                _ = withUnsafePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                queued.append(client)
            }
        }

        deinit {
            queued.forEach { _ = Glibc.close($0) }
            listener.shutdown()
        }
    }

    /// Connects a fresh `ByteStreamConnection` to `addresses` and returns the address it connected to.
    static func connect(to addresses: [SocketAddress], connectTimeout: Duration = .seconds(60)) async throws -> String {
        let settings = ConnectionSettings(
            limits: HTTP1Limits(), decompression: DecompressionLimits(),
            connectTimeout: MonotonicClock.nanoseconds(connectTimeout), idleTimeout: MonotonicClock.nanoseconds(.seconds(60)),
            tlsContext: .failure(.cancelled), metricsHandler: nil)
        let loop = try EventLoopGroup.shared.nextLoop()
        let key = PoolKey(scheme: "http", host: "127.0.0.1", port: 80, proxy: nil)
        let stream = ByteStreamConnection(key: key, serverName: "127.0.0.1", loop: loop, settings: settings)
        let pool = ConnectionPool(limit: 4)
        let now = MonotonicClock.now()
        _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any PooledConnection, any Error>) in
            let pending = PendingConnection(pool: pool, continuation: continuation)
            loop.execute { stream.connect(to: addresses, resolvedAt: now, startedAt: now, handler: pending) }
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            loop.execute {
                let remote = stream.remoteAddress ?? "none"
                let racing = stream.attempts.count
                stream.close()
                continuation.resume(returning: racing == 0 ? remote : "\(remote) with \(racing) attempts left open")
            }
        }
    }

    /// Found by `stress-test.sh`: a task cancelled as it asked for a connection had its cancellation handler
    /// reach the loop before the connect (`withTaskCancellationHandler` runs it first when the task is cancelled
    /// already). The abort closed the stream, the connect then found it closed and the caller waited forever
    /// ("open(_:) leaked its continuation"; `cancellationRacingTheStartNeverHangs` hung 9 runs in 10 under load).
    @Test(.hangLimit(minutes: 1))
    func aStreamAbortedBeforeItsConnectFailsTheCallerAsCancelled() async throws {
        let settings = ConnectionSettings(
            limits: HTTP1Limits(), decompression: DecompressionLimits(),
            connectTimeout: MonotonicClock.nanoseconds(.seconds(60)), idleTimeout: MonotonicClock.nanoseconds(.seconds(60)),
            tlsContext: .failure(.cancelled), metricsHandler: nil)
        let loop = try EventLoopGroup.shared.nextLoop()
        let key = PoolKey(scheme: "http", host: "127.0.0.1", port: 80, proxy: nil)
        let stream = ByteStreamConnection(key: key, serverName: "127.0.0.1", loop: loop, settings: settings)
        let server = MockWebServer()
        defer { server.shutdown() }
        let address = Self.address("127.0.0.1", Int(server.port))
        let now = MonotonicClock.now()
        await #expect(throws: NetworkError.cancelled) {
            _ = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any PooledConnection, any Error>) in
                let pending = PendingConnection(pool: ConnectionPool(limit: 4), continuation: continuation)
                loop.execute {
                    stream.abortConnect()   // the cancellation handler's job, first
                    stream.connect(to: [address], resolvedAt: now, startedAt: now, handler: pending)
                }
            }
        }
        let attempts = await withCheckedContinuation { continuation in loop.execute { continuation.resume(returning: stream.attempts.count) } }
        #expect(attempts == 0)
        #expect(server.requestCount == 0)
    }

    @Test(.hangLimit(minutes: 2))
    func aSilentFirstAddressLosesTheRaceToTheNext() async throws {
        let silent = try SilentListener()
        let server = MockWebServer()
        defer { server.shutdown() }
        let good = Self.address("127.0.0.1", Int(server.port))
        // Tried one after the other, the silent address would hold the connect for the whole minute.
        let connected = try await Self.connect(to: [Self.address("127.0.0.1", Int(silent.listener.port)), good])
        #expect(connected == good.description)
    }

    @Test(.hangLimit(minutes: 2))
    func aRefusedFirstAddressHandsOverAtOnce() async throws {
        // Reserved, not listening: a listener shut down here would free its port for another test's server.
        let refused = try ClosedPort()
        let refusedPort = Int(refused.port)
        let server = MockWebServer()
        defer { server.shutdown() }
        let good = Self.address("127.0.0.1", Int(server.port))
        #expect(try await Self.connect(to: [Self.address("127.0.0.1", refusedPort), good]) == good.description)
    }

    @Test(.hangLimit(minutes: 2))
    func onlySilentAddressesTimeOutWithEveryAttemptClosed() async throws {
        let first = try SilentListener(), second = try SilentListener()
        let addresses = [first, second].map { Self.address("127.0.0.1", Int($0.listener.port)) }
        let ports = [first, second].map(\.listener.port)
        let openToThem = { ports.map(OpenSockets.count(toPort:)).reduce(0, +) }
        let before = openToThem()   // the listeners' own queued clients
        await #expect {
            _ = try await Self.connect(to: addresses, connectTimeout: .milliseconds(800))
        } throws: { error in
            (error as? NetworkError)?.transportKind == .timedOut
        }
        #expect(openToThem() == before)
    }
}
#endif

#if os(Linux)
import CourierHTTP
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The hook an upgrade (`101 Switching Protocols`, WebSockets) needs: an HTTP/1.1 connection gives its byte
/// stream to another handler, which then owns the socket, and the pool lets the connection go.
@Suite("HTTP1HandOverTests (Linux)") struct HTTP1HandOverTests {
    /// Writes `request` once it has the stream, and collects what comes back until `expected` has arrived.
    final class RawHandler: ByteStreamHandler, @unchecked Sendable {
        // @unchecked Sendable: made here, then touched only on the stream's loop thread.
        private var continuation: CheckedContinuation<String, any Error>?
        private let expected: String
        private var received: [UInt8] = []

        init(expecting expected: String, _ continuation: CheckedContinuation<String, any Error>) {
            self.expected = expected
            self.continuation = continuation
        }

        func streamReceived(_ bytes: UnsafeRawBufferPointer) {
            received.append(contentsOf: bytes)
            let text = String(decoding: received, as: UTF8.self)
            guard text.hasSuffix(expected) else { return }
            continuation?.resume(returning: text)
            continuation = nil
        }

        func streamClosed(_ error: NetworkError?) {
            continuation?.resume(throwing: error ?? NetworkError.cancelled)
            continuation = nil
        }

        func streamReceivedEOF() { streamClosed(nil) }
        func streamConnected(_ stream: ByteStreamConnection, alpn: String?) {}
        var streamDeadline: UInt64? { nil }
        func streamDrained() -> Bool { false }
        func streamDeadlinePassed(now: UInt64) {}
    }

    @Test(.hangLimit(minutes: 1))
    func aConnectionHandsItsStreamToAnotherHandler() async throws {
        let server = MockWebServer()
        defer { server.shutdown() }
        server.enqueue(.text("raw bytes, same socket"))
        let settings = ConnectionSettings(
            limits: HTTP1Limits(), decompression: DecompressionLimits(),
            connectTimeout: MonotonicClock.nanoseconds(.seconds(30)), idleTimeout: MonotonicClock.nanoseconds(.seconds(60)),
            tlsContext: .failure(.cancelled), metricsHandler: nil)
        let loop = try EventLoopGroup.shared.nextLoop()
        let key = PoolKey(scheme: "http", host: "127.0.0.1", port: Int(server.port), proxy: nil)
        let stream = ByteStreamConnection(key: key, serverName: "127.0.0.1", loop: loop, settings: settings)
        let pool = ConnectionPool(limit: 1)
        let address = try #require(SocketAddress.numeric(host: "127.0.0.1", port: Int(server.port)))
        let now = MonotonicClock.now()
        let opened = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any PooledConnection, any Error>) in
            let pending = PendingConnection(pool: pool, continuation: continuation)
            loop.execute { stream.connect(to: [address], resolvedAt: now, startedAt: now, handler: pending) }
        }
        let connection = try #require(opened as? HTTP1Connection)

        let answer = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            let raw = RawHandler(expecting: "raw bytes, same socket", continuation)
            loop.execute {
                connection.handOver(to: raw)
                stream.enqueue(Array("GET /raw HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                stream.flush()
            }
        }
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(try await server.takeRequest().target == "/raw")
        // The pool let the connection go: with a limit of one connection, the next request opens a new one.
        let next = try await pool.acquire(key) { ConnectionPoolTests.FakeConnection(key: key, loop: loop, capacity: 1) }
        #expect(!next.reused && next.connection !== connection)
        loop.execute { stream.close() }
    }
}
#endif

#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// `WebSocketConnection` through `SocketTransport.webSocket` over loopback, where its state can be seen: a
/// reader that lags stops the socket reads, and memory stays bounded.
@Suite(.loopback) struct WebSocketConnectionTests {
    /// Whether `connection`'s stream has its reads paused, asked on its loop.
    static func readsPaused(_ connection: WebSocketConnection) async -> Bool {
        await withCheckedContinuation { continuation in
            connection.loop.execute { continuation.resume(returning: connection.stream.readsPaused) }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowReaderPausesReadsAndMemoryStaysBounded() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let count = 200
        let payload = Data(repeating: 7, count: 64 << 10)
        let mock = MockWebSocket(Array(repeating: .send(.binary(payload)), count: count) + [.close(.normalClosure)], acceptsCompression: false)
        server.enqueue(.webSocket(mock))
        let transport = SocketTransport()
        let request = HTTPRequest(method: .get, url: server.url("/feed"))
        let (response, channel) = try await transport.webSocket(request, configuration: WebSocketConfiguration(compression: false))
        #expect(response.statusCode == 101)
        let connection = try #require(channel as? WebSocketConnection)
        while !(await Self.readsPaused(connection)) { try await Task.sleep(for: .milliseconds(5)) }
        // Full at 1 MiB; what one read already held may still be decoded past it (the read buffer's worth).
        let readBuffer = await withCheckedContinuation { continuation in
            connection.loop.execute { continuation.resume(returning: connection.loop.readBuffer.count) }
        }
        #expect(connection.inbox.bufferedBytes <= connection.inbox.maximumBytes + readBuffer + payload.count)
        #expect(!mock.isFinished)
        var received = 0
        while let message = try await connection.receive() {
            #expect(message == .binary(payload))
            received += 1
        }
        #expect(received == count)
        #expect(connection.closeCode == .normalClosure)
    }
}
#endif

#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import CourierHTTP
import Foundation
import Glibc
import Testing
import TestSupport

/// `WebSocketConnection` through `SocketTransport.webSocket` over loopback, where its state can be seen: a
/// reader that lags stops the socket reads, and memory stays bounded.
@Suite(.loopback) struct WebSocketConnectionTests {
    /// `body`'s answer, asked on `connection`'s loop thread.
    static func onLoop<T: Sendable>(_ connection: WebSocketConnection, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            connection.loop.execute { continuation.resume(returning: body()) }
        }
    }

    /// Returns once `condition` holds on `connection`'s loop thread, looked at again after each of its
    /// backpressure events (the test's hang limit guards against a hang).
    static func waitUntil(_ connection: WebSocketConnection, _ condition: @escaping @Sendable () -> Bool) async {
        while true {
            let version = connection.changes.version
            if await onLoop(connection, condition) { return }
            await connection.changes.wait(after: version)
        }
    }

    /// A server that completes the handshake and then never reads; `held` gets its connection.
    static func deafServer(_ listener: LoopbackListener, held: LockedState<Int32>) {
        listener.serveEachConnection { client in
            let head = LoopbackListener.readHead(from: client)
            let keyLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") } ?? ""
            let key = keyLine.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces)
            let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.accept(forKey: key))\r\n\r\n"
            _ = Array(answer.utf8).withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, 0) }
            held.withLock { $0 = client }
        }
    }

    /// Found by `courier-bench websocket` (1,000,000 messages of 64 bytes, a thousand per socket read): a push
    /// below the limits after the reader took a few cleared the pause, and the paused reads never resumed.
    @Test(.hangLimit(minutes: 1))
    func aPushAfterAPartialDrainKeepsTheReadsPausedUntilTheInboxIsHalfEmpty() async throws {
        let inbox = WebSocketInbox(maximumMessages: 4, maximumBytes: 1 << 20)
        for _ in 0..<3 { #expect(inbox.push(.text("x"))) }
        #expect(!inbox.push(.text("x")), "full: the reads pause")
        for _ in 0..<2 { #expect(try await inbox.next().resume == false) }
        #expect(!inbox.push(.text("x")), "still paused: only the reader resumes")
        var resumes: [Bool] = []
        for _ in 0..<3 { resumes.append(try await inbox.next().resume) }
        #expect(resumes == [false, true, false], "resumed once, below half of the limit")
    }

    @Test(.hangLimit(minutes: 1))
    func aSenderWaitsWhileTheServerDoesNotRead() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let held = LockedState<Int32>(-1)
        Self.deafServer(listener, held: held)
        let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(listener.port)/deaf")!)
        let (_, channel) = try await SocketTransport.testing().webSocket(request, configuration: WebSocketConfiguration(compression: false))
        let connection = try #require(channel as? WebSocketConnection)
        let size = 256 << 10
        let sender = Task { for _ in 0..<1000 { try await connection.send(.binary(Data(count: size))) } }
        await Self.waitUntil(connection) { !connection.senders.isEmpty }
        let queued = await Self.onLoop(connection) { connection.stream.pendingOutputCount }
        #expect(queued <= WebSocketConnection.highWaterMark + size + 14, "the output buffer stays bounded")
        // The server hangs up: the waiting sender fails rather than wait forever.
        _ = held.withLock { Glibc.close($0) }
        await #expect(throws: WebSocketError.self) { try await sender.value }
    }

    @Test("wss through a CONNECT tunnel: TLS end to end with the origin, echo and close", .hangLimit(minutes: 1))
    func secureThroughAProxyTunnel() async throws {
        let ca = try HeldCertificate.authority()
        let mock = MockWebSocket([.echo])
        let server = try MockWebSocketTests.serve(mock, tls: try MockWebServer.TLS(serving: ca))
        defer { server.shutdown() }
        let proxy = try TunnelProxy()
        defer { proxy.shutdown() }
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://127.0.0.1:\(proxy.port)")!)
        let transport = SocketTransport.testing(.init(tls: ca.trustingConfiguration, proxy: proxies))
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(retryPolicy: .never, transport: transport))
        let socket = try await client.webSocket(.get("/live"))
        try await socket.send(text: "through the tunnel")
        var messages = socket.messages.makeAsyncIterator()
        #expect(try await messages.next() == .text("through the tunnel"))
        try await socket.close()
        #expect(proxy.requests.first?.hasPrefix("CONNECT 127.0.0.1:\(server.port) HTTP/1.1\r\n") == true)
        #expect(mock.transcript.closeCode == .normalClosure)
    }

    @Test(.hangLimit(minutes: 1))
    func aSlowReaderPausesReadsAndMemoryStaysBounded() async throws {
        let server = MockWebServer()
        try server.start()
        defer { server.shutdown() }
        let count = 200
        let payload = Data(repeating: 7, count: 64 << 10)
        let mock = MockWebSocket(Array(repeating: .send(.binary(payload)), count: count) + [.close(.normalClosure)], acceptsCompression: false)
        server.enqueue(.webSocket(mock))
        let transport = SocketTransport.testing()
        let request = HTTPRequest(method: .get, url: server.url("/feed"))
        let (response, channel) = try await transport.webSocket(request, configuration: WebSocketConfiguration(compression: false))
        #expect(response.statusCode == 101)
        let connection = try #require(channel as? WebSocketConnection)
        await Self.waitUntil(connection) { connection.stream.readsPaused }
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

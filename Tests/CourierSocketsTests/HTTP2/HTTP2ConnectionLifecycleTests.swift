#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// An HTTP/2 connection's life against hand-written loopback servers: PING on an idle pooled connection (an
/// unanswered one retires it), a graceful GOAWAY from a server restarting, and an abrupt close with streams in
/// flight.
@Suite("HTTP2Connection: PING, GOAWAY and abrupt closes (Linux)", .loopback)
struct HTTP2ConnectionLifecycleTests {
    /// A server whose connections are each served by `serve` (with their number, from 1), and a client for it.
    final class Harness {
        let listener: LoopbackListener
        let connections = LockedState(0)
        let client: NetworkClient
        let transport: SocketTransport

        init(
            pingInterval: Duration? = nil, pingTimeout: Duration = .seconds(10),
            serve: @escaping @Sendable (HTTP2ServerConnection, Int) -> Void
        ) throws {
            listener = try LoopbackListener()
            let connections = self.connections
            listener.serveEachConnection { descriptor in
                let connection = HTTP2ServerConnection(descriptor)
                // Counted once it is a client: a connection that sends no preface is not one of ours.
                guard connection.awaitClient() else { return connection.close() }
                let number = connections.withLock { count -> Int in
                    count += 1
                    return count
                }
                serve(connection, number)
                connection.close()
            }
            transport = SocketTransport(configuration: .init(
                requestTimeout: .seconds(60), httpVersion: .http2PriorKnowledge, http2PingInterval: pingInterval,
                http2PingTimeout: pingTimeout))
            client = NetworkClient(
                baseURL: URL(string: "http://127.0.0.1:\(listener.port)/")!,
                configuration: .init(retryPolicy: .never, transport: transport))
        }

        deinit { listener.shutdown() }
    }

    /// Answers every request with its path, until the client closes.
    static func echoPaths(_ connection: HTTP2ServerConnection) {
        while let request = connection.nextRequest() {
            _ = connection.body(of: request)
            connection.respond(request.streamID, body: Array((request.field(":path") ?? "").utf8))
        }
    }

    static func post(_ path: EndpointPath) -> EndpointBuilder<Data> {
        .post(path).body(.data(Data("x".utf8), contentType: "text/plain"))
    }

    @Test("an unanswered PING retires the idle connection: a POST made meanwhile goes out on a new one, never on the old")
    func unansweredPingRetiresTheConnection() async throws {
        let (pinged, ping) = AsyncStream<Void>.makeStream()
        let requestsOnFirst = LockedState(0)
        let harness = try Harness(pingInterval: .milliseconds(20), pingTimeout: .milliseconds(300)) { connection, number in
            guard number == 1 else { return Self.echoPaths(connection) }
            // Answers the first request, then ignores every PING (as a peer that vanished would).
            while let request = connection.nextRequest(skipped: { frame in
                if case .ping(false, _) = frame { ping.yield() }
            }) {
                requestsOnFirst.withLock { $0 += 1 }
                connection.respond(request.streamID, body: Array("first".utf8))
            }
        }
        #expect(try await harness.client.response(EndpointBuilder<Data>.get("/first")).value == Data("first".utf8))
        for await _ in pinged { break }
        // The PING awaits its answer: this request waits, then goes on a new connection when the PING times out.
        let second = try await harness.client.response(Self.post("/second"))
        #expect(second.value == Data("/second".utf8))
        #expect(second.metrics?.reusedConnection == false)
        #expect(harness.connections.withLock { $0 } == 2)
        #expect(requestsOnFirst.withLock { $0 } == 1)
    }

    @Test("an answered PING keeps the idle connection: the next request reuses it")
    func answeredPingKeepsTheConnection() async throws {
        let (pinged, ping) = AsyncStream<Void>.makeStream()
        let harness = try Harness(pingInterval: .milliseconds(10)) { connection, _ in
            while let request = connection.nextRequest(skipped: { frame in
                guard case .ping(false, let opaque) = frame else { return }
                connection.write(.ping(ack: true, opaque: opaque))
                ping.yield()
            }) {
                connection.respond(request.streamID, body: Array("ok".utf8))
            }
        }
        #expect(try await harness.client.response(EndpointBuilder<Data>.get("/a")).value == Data("ok".utf8))
        // A second PING goes out only after the first was answered and the interval passed again.
        var count = 0
        for await _ in pinged {
            count += 1
            if count == 2 { break }
        }
        let next = try await harness.client.response(EndpointBuilder<Data>.get("/b"))
        #expect(next.metrics?.reusedConnection == true)
        #expect(harness.connections.withLock { $0 } == 1)
    }

    @Test("GOAWAY from a restarting server: streams at or below last-stream-id finish there, the one above is replayed on a new connection")
    func gracefulGoAwayReplaysUnprocessedStreams() async throws {
        let harness = try Harness { connection, number in
            guard number == 1 else { return Self.echoPaths(connection) }
            var requests: [HTTP2ServerConnection.Request] = []
            while requests.count < 3, let request = connection.nextRequest() { requests.append(request) }
            guard requests.count == 3 else { return }
            let ids = requests.map(\.streamID).sorted()
            connection.write(.goAway(lastStreamID: ids[1], code: .noError, debugData: Array("restart".utf8)))
            for request in requests where request.streamID <= ids[1] {
                connection.respond(request.streamID, body: Array("old \(request.field(":path") ?? "")".utf8))
            }
        }
        let client = harness.client
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for path: EndpointPath in ["/a", "/b", "/c"] {
                group.addTask { String(decoding: try await client.response(Self.post(path)).value, as: UTF8.self) }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(bodies.count == 3)
        #expect(bodies.filter { $0.hasPrefix("old /") }.count == 2)
        #expect(bodies.filter { $0.hasPrefix("/") }.count == 1)
        #expect(harness.connections.withLock { $0 } == 2)
    }

    @Test("an abrupt close with streams in flight: the GET is replayed on a new connection, the POST fails with a typed error")
    func abruptCloseReplaysOnlyIdempotentRequests() async throws {
        let harness = try Harness { connection, number in
            guard number == 1 else { return Self.echoPaths(connection) }
            guard let warm = connection.nextRequest() else { return }
            connection.respond(warm.streamID, body: Array("warm".utf8))
            var seen = 0
            while seen < 2, let request = connection.nextRequest() {
                _ = connection.body(of: request)
                seen += 1
            }
            // Returns: the connection closes with both streams unanswered.
        }
        let client = harness.client
        #expect(try await client.response(EndpointBuilder<Data>.get("/warm")).value == Data("warm".utf8))
        let get = Task { try await client.response(EndpointBuilder<Data>.get("/get")) }
        let post = Task { try await client.response(Self.post("/post")) }
        let getResult = await get.result
        let postResult = await post.result
        #expect(try getResult.get().value == Data("/get".utf8))
        guard case .failure(let error) = postResult, case .transport(let failure)? = error as? NetworkError else {
            Issue.record("the POST was not failed with a transport error: \(postResult)")
            return
        }
        #expect(failure.kind == TransportFailure.Kind.connectionLost)
    }
}
#endif

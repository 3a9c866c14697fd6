#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// What one HTTP/2 exchange carries beyond a head and a body, against hand-written loopback servers:
/// `Expect: 100-continue`, trailers, the header-count limit HTTP/1.1 heads have, and the protocol in the metrics.
/// (HTTP/1.1's trailers are checked here too: both protocols surface them the same way.)
@Suite("HTTP2Connection: 100-continue, trailers, header limits (Linux)", .loopback)
struct HTTP2ConnectionMessageTests {
    /// Serves every connection with `serve` and returns the client for it.
    static func client(
        _ listener: LoopbackListener, maximumHeaderCount: Int = 128, serve: @escaping @Sendable (HTTP2ServerConnection) -> Void
    ) -> NetworkClient {
        listener.serveEachConnection { descriptor in
            let connection = HTTP2ServerConnection(descriptor)
            serve(connection)
            connection.close()
        }
        let transport = SocketTransport(configuration: .init(
            requestTimeout: .seconds(60), maximumHeaderCount: maximumHeaderCount, httpVersion: .http2PriorKnowledge))
        return NetworkClient(
            baseURL: URL(string: "http://127.0.0.1:\(listener.port)/")!, configuration: .init(retryPolicy: .never, transport: transport))
    }

    static func upload(_ body: Data) -> EndpointBuilder<Data> {
        EndpointBuilder<Data>.post("/upload").header("Expect", "100-continue").body(.data(body, contentType: "application/octet-stream"))
    }

    @Test("Expect: 100-continue: HEADERS first, the body only after the server's 100, then the final response")
    func expectContinue() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let client = Self.client(listener) { connection in
            guard let request = connection.nextRequest(), request.field("expect") == "100-continue" else { return }
            // The body waits for the 100: the client has written nothing since its HEADERS (read before sending it).
            connection.write(.headers(
                streamID: request.streamID, block: connection.block([(":status", "100")]), endStream: false, endHeaders: true,
                priority: nil, padding: nil))
            guard let body = connection.body(of: request) else { return }
            connection.respond(request.streamID, body: body)
        }
        let body = MockResponse.generatedBytes(count: 100_000)
        let response = try await client.response(Self.upload(body))
        #expect(response.value == body)
        #expect(response.metrics?.networkProtocolName == "h2")
    }

    @Test("Expect: 100-continue answered at once with a final status: no DATA is sent, the stream is reset, the connection lives on")
    func expectContinueRefused() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let dataFrames = LockedState(0)
        let client = Self.client(listener) { connection in
            guard let first = connection.nextRequest() else { return }
            connection.respond(first.streamID, status: 413, body: Array("too big!".utf8))
            // Until the client resets the stream it may not send on: no DATA before that.
            while let frame = connection.nextFrame() {
                if case .data = frame { dataFrames.withLock { $0 += 1 } }
                if case .rstStream = frame { break }
            }
            while let request = connection.nextRequest() { connection.respond(request.streamID, body: Array("next".utf8)) }
        }
        let response = try await client.response(Self.upload(MockResponse.generatedBytes(count: 3_000_000)).acceptableStatusCodes([413]))
        #expect(response.statusCode == 413)
        #expect(response.value == Data("too big!".utf8))
        let next = try await client.response(.get("/next"))
        #expect(next.value == Data("next".utf8))
        #expect(next.metrics?.reusedConnection == true)
        #expect(dataFrames.withLock { $0 } == 0)
    }

    @Test("trailers after an HTTP/2 body: on the response once the body is read")
    func http2Trailers() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let client = Self.client(listener) { connection in
            while let request = connection.nextRequest() {
                connection.respond(request.streamID, body: Array("payload".utf8), trailers: [("grpc-status", "0"), ("checksum", "abc")])
            }
        }
        let response = try await client.response(.get("/t"))
        #expect(response.value == Data("payload".utf8))
        #expect(response.trailers?["grpc-status"] == "0")
        #expect(response.trailers?["Checksum"] == "abc")
        let streamed = try await client.stream(.get("/t"))
        #expect(try await streamed.body.collect() == Data("payload".utf8))
        #expect(streamed.trailers?["grpc-status"] == "0")
    }

    @Test("trailers after a chunked HTTP/1.1 body: on the response the same way")
    func http1Trailers() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        listener.serveEachConnection { client in
            defer { close(client) }
            _ = LoopbackListener.readHead(from: client)
            let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: Checksum\r\n\r\n5\r\nhello\r\n0\r\nChecksum: abc\r\nX-Done: yes\r\n\r\n"
            _ = Array(answer.utf8).withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let client = NetworkClient(
            baseURL: URL(string: "http://127.0.0.1:\(listener.port)/")!,
            configuration: .init(retryPolicy: .never, transport: SocketTransport()))
        let response = try await client.response(.get("/t"))
        #expect(response.value == Data("hello".utf8))
        #expect(response.trailers?["Checksum"] == "abc")
        #expect(response.trailers?["X-Done"] == "yes")
        #expect(response.metrics?.networkProtocolName == "http/1.1")
    }

    @Test("maximumHeaderCount holds over HTTP/2: a response with more fields fails typed; the connection lives on")
    func headerCountLimit() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let client = Self.client(listener, maximumHeaderCount: 5) { connection in
            while let request = connection.nextRequest() {
                let count = request.field(":path") == "/many" ? 6 : 5
                connection.respond(request.streamID, headers: (0..<count).map { ("x-field-\($0)", "v") }, body: Array("ok".utf8))
            }
        }
        let error = await #expect(throws: NetworkError.self) { try await client.response(.get("/many")) }
        guard case .transport(let failure) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(failure.kind == .badServerResponse)
        #expect(failure.message.contains("more than 5 header fields"))
        let fine = try await client.response(.get("/five"))
        #expect(fine.value == Data("ok".utf8))
        #expect(fine.metrics?.reusedConnection == true)
    }
}
#endif

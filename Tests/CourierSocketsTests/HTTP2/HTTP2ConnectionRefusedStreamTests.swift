#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// A hand-written HTTP/2 server on a loopback socket that refuses the first request with RST_STREAM
/// REFUSED_STREAM and answers every later one: the transport sends the refused request again (the server did
/// not process it), whatever its method.
@Suite("HTTP2Connection: REFUSED_STREAM is replayed (Linux)", .loopback)
struct HTTP2ConnectionRefusedStreamTests {
    /// Serves one connection: per HEADERS either the refusal (the first request of all) or 200 "ok".
    static func serve(_ client: Int32, requests: LockedState<Int>) {
        HTTP2LoopbackServer.serve(client) { id, encoder in
            let number = requests.withLock { count -> Int in
                count += 1
                return count
            }
            guard number > 1 else { return [.rstStream(streamID: id, code: .refusedStream)] }
            return [HTTP2LoopbackServer.okHead(id, &encoder), .data(streamID: id, bytes: Array("ok".utf8), endStream: true)]
        }
    }

    @Test("a POST refused with REFUSED_STREAM is sent again and answered")
    func refusedStreamIsReplayed() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        let requests = LockedState(0)
        listener.serveEachConnection { Self.serve($0, requests: requests) }
        let transport = SocketTransport(configuration: .init(requestTimeout: .seconds(60), httpVersion: .http2PriorKnowledge))
        let client = NetworkClient(
            baseURL: URL(string: "http://127.0.0.1:\(listener.port)/")!, configuration: .init(retryPolicy: .never, transport: transport))
        let response = try await client.response(.post("/once").body(.data(Data("x".utf8), contentType: "text/plain")))
        #expect(response.statusCode == 200)
        #expect(response.value == Data("ok".utf8))
        #expect(requests.withLock { $0 } == 2)
    }
}
#endif

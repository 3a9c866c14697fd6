#if os(Linux)
import Courier
@testable import CourierSockets
import CourierTesting
import Foundation
import Glibc
import Testing
import TestSupport

/// A hand-written HTTP/2 server on a loopback socket that answers each request in one write — HEADERS, the body
/// as several DATA frames, END_STREAM — so that the whole response reaches the client in one read.
@Suite("HTTP2Connection: a response that arrives in one read is handed over whole (Linux)", .loopback)
struct HTTP2ConnectionBatchTests {
    static let body = Array("abcdefghijkl".utf8)

    /// Serves one connection: per HEADERS a 200 with `body` in DATA frames of 4 bytes, all in one write.
    static func serve(_ client: Int32) {
        HTTP2LoopbackServer.serve(client) { id, encoder in
            [
                HTTP2LoopbackServer.okHead(id, &encoder),
                .data(streamID: id, bytes: Array(body[0..<4]), endStream: false),
                .data(streamID: id, bytes: Array(body[4..<8]), endStream: false),
                .data(streamID: id, bytes: Array(body[8...]), endStream: true),
            ]
        }
    }

    @Test("head, DATA frames and END_STREAM read together: the response comes with its whole body in memory")
    func wholeResponseInMemory() async throws {
        let listener = try LoopbackListener()
        defer { listener.shutdown() }
        listener.serveEachConnection { Self.serve($0) }
        let transport = SocketTransport(configuration: .init(requestTimeout: .seconds(60), httpVersion: .http2PriorKnowledge))
        let url = URL(string: "http://127.0.0.1:\(listener.port)/small")!
        for _ in 0..<3 {
            let response = try await transport.send(HTTPRequest(method: .get, url: url))
            #expect(response.statusCode == 200)
            #expect(response.body.bufferedData == Data(Self.body))
        }
    }
}
#endif

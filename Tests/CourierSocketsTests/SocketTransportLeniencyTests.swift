#if os(Linux)
import Courier
import CourierSockets
import CourierTesting
import Foundation
import Testing
import TestSupport

/// The framing RFC 9112 §6.3 lets a client accept, over a real socket (the README's leniency table; the refused
/// rows are `SocketTransportFaultTests.refusedFraming`): bytes after the end are dropped and the connection is
/// not reused; transfer codings not ending with `chunked` are read to the close and decoded.
@Suite("SocketTransport framing leniency (Linux)", .loopback)
struct SocketTransportLeniencyTests {
    let server: MockWebServer

    init() throws {
        server = MockWebServer(configuration: .init(idleTimeout: .seconds(600)))
        try server.start()
    }

    static let text = String(repeating: "lenient courier ", count: 500)

    struct Lenient: Sendable, CustomTestStringConvertible {
        var name: String
        var head: String
        var body: [UInt8]
        /// What the client must read.
        var expected: String
        /// Whether the next request may reuse the connection.
        var reusable: Bool
        var testDescription: String { name }
    }

    static let lenient: [Lenient] = {
        let text = Array(Self.text.utf8)
        let gzip = Compression.compress(text, .gzip)
        return [
            Lenient(name: "a body longer than its Content-Length: the declared length, then a new connection",
                    head: "Content-Length: 2", body: Array("abcdef".utf8), expected: "ab", reusable: false),
            Lenient(name: "bytes after a chunked body: dropped, then a new connection",
                    head: "Transfer-Encoding: chunked", body: Array("2\r\nab\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n\r\n".utf8), expected: "ab", reusable: false),
            Lenient(name: "Transfer-Encoding: gzip, to the close, decoded", head: "Transfer-Encoding: gzip", body: gzip, expected: Self.text, reusable: false),
            Lenient(name: "Transfer-Encoding: deflate, to the close, decoded", head: "Transfer-Encoding: deflate",
                    body: Compression.compress(text, .zlib), expected: Self.text, reusable: false),
            Lenient(name: "Transfer-Encoding: gzip, chunked: de-chunked, decoded, reused", head: "Transfer-Encoding: gzip, chunked",
                    body: Array("\(String(gzip.count, radix: 16))\r\n".utf8) + gzip + Array("\r\n0\r\n\r\n".utf8), expected: Self.text, reusable: true),
            Lenient(name: "Content-Length: 3, 3 (repeated, equal)", head: "Content-Length: 3, 3", body: Array("abc".utf8), expected: "abc", reusable: true),
            Lenient(name: "Transfer-Encoding: identity: to the close", head: "Transfer-Encoding: identity", body: Array("abc".utf8),
                    expected: "abc", reusable: false),
            Lenient(name: "no length at all: to the close", head: "X-Framing: none", body: Array("abc".utf8), expected: "abc", reusable: false),
        ]
    }()

    @Test("accepted framings give the declared body; the connection is reused only when the framing allows", arguments: lenient)
    func accepted(_ row: Lenient) async throws {
        var wire = Data("HTTP/1.1 200 OK\r\n\(row.head)\r\n\r\n".utf8)
        wire.append(contentsOf: row.body)
        // The server keeps the connection open: only the client's own decision can move the next request off it.
        let keepsOpen = row.reusable || row.head.hasPrefix("Content-Length") || row.head == "Transfer-Encoding: chunked"
        server.enqueue(keepsOpen ? MockResponse.raw(wire).socketPolicy(.keepAlive) : .raw(wire))
        server.enqueue(.text("next"))
        let transport = SocketTransport(configuration: .init(idleConnectionTimeout: .seconds(600)))
        let client = NetworkClient(baseURL: server.url("/"), configuration: .init(timeout: .seconds(60), retryPolicy: .never, transport: transport))
        let response = try await client.response(.get("/lenient"))
        #expect(String(decoding: response.value, as: UTF8.self) == row.expected)
        #expect(try await client.response(.get("/next")).value == Data("next".utf8))
        let first = try await server.takeRequest()
        let second = try await server.takeRequest()
        #expect((first.connectionID == second.connectionID) == row.reusable, "connections \(first.connectionID), \(second.connectionID)")
    }
}
#endif

import Courier
import Foundation
import Testing
@testable import CourierSockets

@Suite("HTTP/1.1 request head writer")
struct HTTP1RequestHeadTests {
    private func text(_ method: HTTPMethod = .get, _ target: String = "/a?b=1", host: String = "example.com:8080",
                      _ headers: HTTPHeaders = [:], _ framing: HTTP1RequestFraming = .none) throws -> String {
        String(decoding: try HTTP1RequestHead.serialize(method: method, target: target, host: host, headers: headers, framing: framing), as: UTF8.self)
    }

    @Test("request line, Host first, headers in order, the empty line")
    func basic() throws {
        #expect(try text(.get, "/a?b=1", ["Accept": "application/json", "X-B": "2"])
            == "GET /a?b=1 HTTP/1.1\r\nHost: example.com:8080\r\nAccept: application/json\r\nX-B: 2\r\n\r\n")
    }

    @Test("a Host header in the headers is used instead, in its place")
    func ownHost() throws {
        #expect(try text(.get, "/", ["Accept": "*/*", "host": "other"]) == "GET / HTTP/1.1\r\nAccept: */*\r\nhost: other\r\n\r\n")
    }

    @Test("framing headers come from the framing, user duplicates dropped", arguments: [
        (HTTP1RequestFraming.none, ""),
        (.length(0), "Content-Length: 0\r\n"),
        (.length(12345678901), "Content-Length: 12345678901\r\n"),
        (.chunked, "Transfer-Encoding: chunked\r\n"),
    ])
    func framing(_ framing: HTTP1RequestFraming, _ line: String) throws {
        let headers: HTTPHeaders = ["content-length": "99", "X": "1", "Transfer-Encoding": "gzip"]
        #expect(try text(.post, "/", host: "h", headers, framing) == "POST / HTTP/1.1\r\nHost: h\r\nX: 1\r\n" + line + "\r\n")
    }

    @Test("injection attempts are rejected with a typed error", arguments: [
        ("X-A", "a\r\nEvil: 1", "CR or LF"),
        ("X-A", "a\nb", "CR or LF"),
        ("X-A", "a\rb", "CR or LF"),
        ("X-A", "a\u{0}b", "NUL"),
        ("X A", "v", "not a token"),
        ("X\r\nA", "v", "not a token"),
        ("", "v", "empty"),
    ])
    func headerInjection(_ name: String, _ value: String, _ reason: String) {
        #expect {
            try text(.get, "/", HTTPHeaders([(name, value)]))
        } throws: { error in
            guard case .configuration(.invalidHeader(let badName, let why)) = error as? NetworkError else { return false }
            return badName == name && why.contains(reason)
        }
    }

    @Test("a bad method, target or host is rejected", arguments: [
        (HTTPMethod(rawValue: "GET /x"), "/", "h"), (HTTPMethod.get, "/a b", "h"), (HTTPMethod.get, "/a\r\n", "h"),
        (HTTPMethod.get, "", "h"), (HTTPMethod.get, "/", "h\r\nX: 1"), (HTTPMethod(rawValue: ""), "/", "h"),
    ])
    func badRequestLine(_ method: HTTPMethod, _ target: String, _ host: String) {
        #expect(throws: NetworkError.self) { try text(method, target, host: host) }
    }

    @Test("chunk framing bytes", arguments: [(1, "1\r\n"), (15, "f\r\n"), (16, "10\r\n"), (65536, "10000\r\n"), (0, "")])
    func chunkHeader(_ count: Int, _ expected: String) {
        #expect(HTTP1RequestHead.chunkHeader(count: count) == Array(expected.utf8))
    }

    @Test("a chunked body written with these bytes parses back")
    func chunkedRoundTrip() throws {
        var wire = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        for piece in ["hello", String(repeating: "x", count: 300), " world"] {
            wire += HTTP1RequestHead.chunkHeader(count: piece.utf8.count) + Array(piece.utf8) + HTTP1RequestHead.chunkTerminator
        }
        wire += HTTP1RequestHead.lastChunk
        let run = ParserRun.parse(wire)
        #expect(run.error == nil)
        #expect(run.body.count == 311)
        #expect(run.ends == [true])
    }
}

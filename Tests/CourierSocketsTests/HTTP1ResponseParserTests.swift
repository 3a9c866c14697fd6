import Courier
import Foundation
import Testing
@testable import CourierSockets

@Suite("HTTP/1.1 response parser")
struct HTTP1ResponseParserTests {
    /// A response the parser accepts: status, body, whether the connection is reusable.
    struct Accepted: CustomTestStringConvertible, Sendable {
        let name: String
        let wire: String
        var toHEAD = false
        let status: Int
        let body: String
        let reusable: Bool
        var testDescription: String { name }
    }

    static let accepted: [Accepted] = [
        .init(name: "Content-Length body", wire: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", status: 200, body: "hello", reusable: true),
        .init(name: "empty reason phrase", wire: "HTTP/1.1 200 \r\nContent-Length: 2\r\n\r\nok", status: 200, body: "ok", reusable: true),
        .init(name: "no reason phrase, no space", wire: "HTTP/1.1 204\r\n\r\n", status: 204, body: "", reusable: true),
        .init(name: "identical Content-Length fields", wire: "HTTP/1.1 200 OK\r\nContent-Length: 3\r\ncontent-length: 3\r\n\r\nabc",
              status: 200, body: "abc", reusable: true),
        .init(name: "Content-Length list 5, 5", wire: "HTTP/1.1 200 OK\r\nContent-Length: 5, 5\r\n\r\nhello", status: 200, body: "hello", reusable: true),
        .init(name: "Content-Length 0", wire: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", status: 200, body: "", reusable: true),
        .init(name: "chunked", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
              status: 200, body: "hello world", reusable: true),
        .init(name: "chunked, upper-case hex and leading zeros", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n00A\r\n0123456789\r\n0\r\n\r\n",
              status: 200, body: "0123456789", reusable: true),
        .init(name: "chunk extensions", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value;flag\r\nhello\r\n0;last\r\n\r\n",
              status: 200, body: "hello", reusable: true),
        .init(name: "trailers parsed and dropped", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n",
              status: 200, body: "hi", reusable: true),
        .init(name: "close-delimited body", wire: "HTTP/1.1 200 OK\r\n\r\nuntil the end", status: 200, body: "until the end", reusable: false),
        .init(name: "Connection: close", wire: "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x", reusable: false),
        .init(name: "Connection list with close", wire: "HTTP/1.1 200 OK\r\nConnection: upgrade, Close\r\nContent-Length: 1\r\n\r\nx",
              status: 200, body: "x", reusable: false),
        .init(name: "HTTP/1.0 without keep-alive", wire: "HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x", reusable: false),
        .init(name: "HTTP/1.0 with keep-alive", wire: "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 1\r\n\r\nx",
              status: 200, body: "x", reusable: true),
        .init(name: "HTTP/1.0 with keep-alive and close", wire: "HTTP/1.0 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 1\r\n\r\nx",
              status: 200, body: "x", reusable: false),
        .init(name: "HTTP/1.0 chunked is not reusable", wire: "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
              status: 200, body: "x", reusable: false),
        .init(name: "HEAD: Content-Length but no body", wire: "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", toHEAD: true,
              status: 200, body: "", reusable: true),
        .init(name: "HEAD: chunked but no body", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", toHEAD: true,
              status: 200, body: "", reusable: true),
        .init(name: "204 has no body", wire: "HTTP/1.1 204 No Content\r\nContent-Length: 7\r\n\r\n", status: 204, body: "", reusable: true),
        .init(name: "304 has no body", wire: "HTTP/1.1 304 Not Modified\r\nContent-Length: 7\r\n\r\n", status: 304, body: "", reusable: true),
        .init(name: "1xx skipped", wire: "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
              status: 200, body: "x", reusable: true),
        .init(name: "100 skipped when not expected", wire: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n",
              status: 201, body: "", reusable: true),
        .init(name: "bare LF line ends", wire: "HTTP/1.1 200 OK\nContent-Length: 2\n\nok", status: 200, body: "ok", reusable: true),
        .init(name: "HTTP/1.2 read as 1.1", wire: "HTTP/1.2 200 OK\r\nContent-Length: 0\r\n\r\n", status: 200, body: "", reusable: true),
        .init(name: "empty list elements in Transfer-Encoding", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: , chunked\r\n\r\n0\r\n\r\n",
              status: 200, body: "", reusable: true),
        .init(name: "value whitespace trimmed, empty value kept", wire: "HTTP/1.1 200 OK\r\nX-Empty:\r\nX-A: \t a b \t\r\nContent-Length: 0\r\n\r\n",
              status: 200, body: "", reusable: true),
    ]

    @Test("accepted responses, whole, byte by byte and split in two", arguments: accepted)
    func accepts(_ row: Accepted) {
        let wire = [UInt8](text: row.wire)
        let whole = ParserRun.parse(wire, toHEAD: row.toHEAD)
        #expect(whole.error == nil, "\(whole.error.map(String.init(describing:)) ?? "")")
        #expect(whole.heads.map(\.statusCode) == [row.status])
        #expect(whole.body == Data(row.body.utf8))
        #expect(whole.ends == [row.reusable])
        #expect(whole.heads.first?.keepAlive == row.reusable || whole.heads.first?.framing == .untilClose)
        #expect(ParserRun.parseBytewise(wire, toHEAD: row.toHEAD) == whole)
        for split in stride(from: 1, to: wire.count, by: 3) {
            #expect(ParserRun.parse(wire, splits: [split], toHEAD: row.toHEAD) == whole, "split at \(split)")
        }
    }

    /// A response the parser rejects, and a part of the message that must name the fault.
    struct Rejected: CustomTestStringConvertible, Sendable {
        let name: String
        let wire: String
        var kind: HTTP1ParseError.Kind = .malformed
        let message: String
        var testDescription: String { name }
    }

    static let rejected: [Rejected] = [
        .init(name: "both Content-Length and Transfer-Encoding",
              wire: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", message: "both Content-Length and Transfer-Encoding"),
        .init(name: "conflicting Content-Length fields", wire: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello", message: "conflicting Content-Length"),
        .init(name: "conflicting Content-Length list", wire: "HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nhello", message: "conflicting Content-Length"),
        .init(name: "negative Content-Length", wire: "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", message: "Content-Length '-1' is not"),
        .init(name: "non-digit Content-Length", wire: "HTTP/1.1 200 OK\r\nContent-Length: 12a\r\n\r\n", message: "Content-Length '12a' is not"),
        .init(name: "signed Content-Length", wire: "HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello", message: "is not a non-negative decimal"),
        .init(name: "empty Content-Length", wire: "HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n", message: "empty Content-Length"),
        .init(name: "overflowing Content-Length", wire: "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n", message: "too large"),
        .init(name: "non-hex chunk size", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", message: "bad chunk size 'zz'"),
        .init(name: "empty chunk size", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", message: "bad chunk size"),
        .init(name: "chunk size with trailing junk", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5 x\r\nhello\r\n0\r\n\r\n", message: "bad chunk size"),
        .init(name: "overflowing chunk size", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF\r\n", message: "chunk size 'FFFFFFFFFFFFFFFFF' is too large"),
        .init(name: "chunk data without CRLF", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhello\r\n0\r\n\r\n", message: "not followed by CRLF"),
        .init(name: "chunk data with CR only", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\rX0\r\n\r\n", message: "not followed by CRLF"),
        .init(name: "control character in a chunk extension", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;a\u{7}\r\nhi\r\n0\r\n\r\n", message: "chunk extension holds"),
        .init(name: "Transfer-Encoding chunked, gzip", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", message: "after chunked"),
        .init(name: "Transfer-Encoding br", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: br\r\n\r\n", message: "unsupported Transfer-Encoding 'br'"),
        .init(name: "Transfer-Encoding gzip, deflate", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, deflate\r\n\r\n",
              message: "more than one coding besides chunked"),
        .init(name: "Transfer-Encoding chunked twice", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", message: "chunked twice"),
        .init(name: "obs-fold with a space", wire: "HTTP/1.1 200 OK\r\nX-A: a\r\n  folded\r\nContent-Length: 0\r\n\r\n", message: "obs-fold"),
        .init(name: "obs-fold with a tab", wire: "HTTP/1.1 200 OK\r\nX-A: a\r\n\tfolded\r\nContent-Length: 0\r\n\r\n", message: "obs-fold"),
        .init(name: "bare CR in a header value", wire: "HTTP/1.1 200 OK\r\nX-A: a\rb\r\nContent-Length: 0\r\n\r\n", message: "bare CR"),
        .init(name: "bare CR in the status line", wire: "HTTP/1.1 200 O\rK\r\nContent-Length: 0\r\n\r\n", message: "bare CR"),
        .init(name: "bare CR in a chunk-size line", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\r\nhi\r\n0\r\n\r\n", message: "bare CR"),
        .init(name: "NUL in a header value", wire: "HTTP/1.1 200 OK\r\nX-A: a\u{0}b\r\nContent-Length: 0\r\n\r\n", message: "holds NUL"),
        .init(name: "NUL in a header name", wire: "HTTP/1.1 200 OK\r\nX\u{0}A: b\r\nContent-Length: 0\r\n\r\n", message: "NUL in a header name"),
        .init(name: "NUL in the reason phrase", wire: "HTTP/1.1 200 O\u{0}K\r\nContent-Length: 0\r\n\r\n", message: "reason phrase holds NUL"),
        .init(name: "control character in a value", wire: "HTTP/1.1 200 OK\r\nX-A: \u{1B}[31m\r\nContent-Length: 0\r\n\r\n", message: "control character 0x1B"),
        .init(name: "invalid header name character", wire: "HTTP/1.1 200 OK\r\nX(A): b\r\nContent-Length: 0\r\n\r\n", message: "invalid character '(' in a header name"),
        .init(name: "space before the colon", wire: "HTTP/1.1 200 OK\r\nContent-Length : 0\r\n\r\n", message: "whitespace in or after the header name"),
        .init(name: "header without a colon", wire: "HTTP/1.1 200 OK\r\nNoColon\r\nContent-Length: 0\r\n\r\n", message: "no colon"),
        .init(name: "empty header name", wire: "HTTP/1.1 200 OK\r\n: value\r\nContent-Length: 0\r\n\r\n", message: "empty name"),
        .init(name: "garbage status line", wire: "SSH-2.0-OpenSSH_9.2\r\n", message: "garbage status line"),
        .init(name: "HTTP/2 status line", wire: "HTTP/2 200\r\n\r\n", message: "garbage status line"),
        .init(name: "lower-case http", wire: "http/1.1 200 OK\r\n\r\n", message: "garbage status line"),
        .init(name: "two-digit status", wire: "HTTP/1.1 20 OK\r\n\r\n", message: "not three digits"),
        .init(name: "four-digit status", wire: "HTTP/1.1 2000 OK\r\n\r\n", message: "no space after the status code"),
        .init(name: "status below 100", wire: "HTTP/1.1 099 Low\r\n\r\n", message: "below 100"),
        .init(name: "no space after the version", wire: "HTTP/1.1200 OK\r\n\r\n", message: "HTTP/1.x followed by a space"),
        .init(name: "leading empty line", wire: "\r\nHTTP/1.1 200 OK\r\n\r\n", message: "garbage status line"),
        .init(name: "101 Switching Protocols", wire: "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n", message: "101 Switching Protocols"),
        .init(name: "bad trailer field", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nBad Trailer\r\n\r\n", message: "whitespace in or after the header name"),
        .init(name: "truncated head", wire: "HTTP/1.1 200 OK\r\nContent-Len", kind: .truncated, message: "inside the response head"),
        .init(name: "no response at all", wire: "", kind: .truncated, message: "before any response byte"),
        .init(name: "truncated Content-Length body", wire: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello", kind: .truncated,
              message: "5 bytes before the end of the body (Content-Length 10)"),
        .init(name: "truncated chunk", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nA\r\nhello", kind: .truncated, message: "inside a chunk"),
        .init(name: "missing last chunk", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", kind: .truncated,
              message: "before the end of the chunked body"),
        .init(name: "missing end of trailers", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: y\r\n", kind: .truncated,
              message: "before the end of the chunked body"),
    ]

    @Test("rejected responses name the fault, whole and byte by byte", arguments: rejected)
    func rejects(_ row: Rejected) throws {
        let wire = [UInt8](text: row.wire)
        for run in [ParserRun.parse(wire), ParserRun.parseBytewise(wire)] {
            let error = try #require(run.error, "accepted: \(run)")
            #expect(error.kind == row.kind)
            #expect(error.message.contains(row.message), "message: \(error.message)")
        }
    }

    @Test("a fault in a head that has not ended counts only once it ends, whatever the split (fuzz finding)", arguments: [
        "HTTP/1.\n\"\u{7}\nC", "HTTP/1.1 200 OK\r\nBad Name: x\r\n", "HTTP/1.1 2x\r\n",
    ])
    func faultBeforeTheEnd(_ text: String) {
        let wire = [UInt8](text: text)
        let whole = ParserRun.parse(wire)
        #expect(whole.error?.kind == .truncated)
        for split in 1..<wire.count { #expect(ParserRun.parse(wire, splits: [split]) == whole, "split at \(split)") }
        let ended = ParserRun.parse(wire + [UInt8](text: "\r\n\r\n"))
        #expect(ended.error?.kind == .malformed)
    }

    @Test("errors map to NetworkError kinds with the message")
    func networkErrors() {
        #expect(HTTP1ParseError.malformed("m").networkError == .transport(TransportFailure(kind: .badServerResponse, message: "m")))
        #expect(HTTP1ParseError.truncated("t").networkError == .transport(TransportFailure(kind: .connectionLost, message: "t")))
        #expect(HTTP1ParseError(.tooLarge, "l").networkError == .transport(TransportFailure(kind: .responseTooLarge, message: "l")))
    }

    @Test("the head keeps status, reason, version, header order and framing")
    func headFields() throws {
        let wire = [UInt8](text: "HTTP/1.0 404 Not Found Here\r\nB: 2\r\nA: 1\r\nb: 3\r\nX-Latin: caf\u{E9}\r\nContent-Length: 0\r\n\r\n")
        var latin = wire
        let index = try #require(latin.firstIndex(of: 0xC3))  // é as one ISO-8859-1 byte
        latin.replaceSubrange(index...(index + 1), with: [0xE9])
        let head = try #require(ParserRun.parse(latin).heads.first)
        #expect(head.statusCode == 404)
        #expect(head.reason == "Not Found Here")
        #expect(head.minorVersion == 0)
        #expect(head.headers.fields.map(\.name) == ["B", "A", "b", "X-Latin", "Content-Length"])
        #expect(head.headers.values(for: "b") == ["2", "3"])
        #expect(head.headers["x-latin"] == "caf\u{E9}")
        #expect(head.framing == .length(0))
        #expect(head.keepAlive == false)
        let utf8 = try #require(ParserRun.parse(wire).heads.first)
        #expect(utf8.headers["x-latin"] == "caf\u{E9}")
    }

    @Test("framing of each kind of response", arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 7\r\n\r\n", HTTP1ResponseHead.Framing.length(7)),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", .chunked),
        ("HTTP/1.1 200 OK\r\n\r\n", .untilClose),
        ("HTTP/1.1 204 No Content\r\n\r\n", .none),
    ])
    func framing(_ wire: String, _ framing: HTTP1ResponseHead.Framing) throws {
        let run = ParserRun.parse([UInt8](text: wire), eof: false)
        #expect(try #require(run.heads.first).framing == framing)
    }

    @Test("100 Continue surfaces as .continue when expected, before the final head")
    func continueEvent() throws {
        var parser = HTTP1ResponseParser()
        parser.expectResponse(toHEAD: false, expectsContinue: true)
        let first = try parse(&parser, "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(first == [.continue])
        let second = try parse(&parser, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx")
        #expect(second.count == 3)
        #expect(second.last == .end(reusable: true))
        let run = ParserRun.parse([UInt8](text: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"))
        #expect(run.continues == 0)
    }

    @Test("a 2xx to CONNECT ends at its head and is not reusable; a 407 keeps its body")
    func connect() {
        let tunnel = ParserRun.parse([UInt8](text: "HTTP/1.1 200 Connection established\r\n\r\n"), toCONNECT: true, eof: false)
        #expect(tunnel.heads.first?.framing == HTTP1ResponseHead.Framing.none)
        #expect(tunnel.ends == [false])
        let refused = ParserRun.parse([UInt8](text: "HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 2\r\n\r\nno"), toCONNECT: true)
        #expect(refused.body == Data("no".utf8))
        #expect(refused.ends == [true])
    }

    @Test("a keep-alive connection carries several responses, one per expectResponse")
    func keepAlive() throws {
        var parser = HTTP1ResponseParser()
        for index in 0..<3 {
            parser.expectResponse(toHEAD: false)
            #expect(!parser.hasStartedResponse)
            let events = try parse(&parser, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(index)")
            #expect(parser.hasStartedResponse)
            #expect(parser.isComplete)
            #expect(events.dropFirst() == [.body(Data("\(index)".utf8)), .end(reusable: true)])
        }
        #expect(try parser.parseEOF() == [])  // the server closing an idle connection is not an error
    }

    @Test("a head and body in one read come out in one call, the body as one Data")
    func oneReadOneCall() throws {
        var parser = HTTP1ResponseParser()
        let body = String(repeating: "j", count: 200)
        let events = try parse(&parser, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n" + body)
        #expect(events.count == 3)
        #expect(events[1] == .body(Data(body.utf8)))
    }

    @Test("many chunks in one read come out as one Data")
    func chunksCoalesced() throws {
        let chunks = (0..<50).map { _ in "3\r\nabc\r\n" }.joined()
        let run = ParserRun.parse([UInt8](text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n"))
        #expect(run.body.count == 150)
        #expect(run.bodyEvents == 1)
    }

    @Test("a large Content-Length body fed in reads gives one Data per read")
    func bodyPerRead() {
        let head = [UInt8](text: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        let wire = head + [UInt8](repeating: 7, count: 100_000)
        let splits = Array(stride(from: head.count, to: wire.count, by: 16_384))
        let run = ParserRun.parse(wire, splits: splits)
        #expect(run.body.count == 100_000)
        #expect(run.bodyEvents == splits.count)
        #expect(run.ends == [true])
    }

    @Test("a 10 GiB Content-Length is a valid head; the caller decides")
    func hugeLength() {
        let run = ParserRun.parse([UInt8](text: "HTTP/1.1 200 OK\r\nContent-Length: 10737418240\r\n\r\n"), eof: false)
        #expect(run.heads.first?.framing == .length(10 << 30))
    }

    @Test("header limits: total bytes and count", arguments: [true, false])
    func headerLimits(bytewise: Bool) throws {
        let limits = HTTP1Limits(maximumHeaderBytes: 200, maximumHeaderCount: 4)
        let fits = "HTTP/1.1 200 OK\r\n" + (0..<3).map { "X-\($0): v\r\n" }.joined() + "Content-Length: 0\r\n\r\n"
        let tooMany = "HTTP/1.1 200 OK\r\n" + (0..<4).map { "X-\($0): v\r\n" }.joined() + "Content-Length: 0\r\n\r\n"
        let tooLong = "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "a", count: 200) + "\r\n\r\n"
        let exactly = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX: " + String(repeating: "a", count: 200 - 43) + "\r\n\r\n"
        #expect(exactly.utf8.count == 200)
        func run(_ text: String) -> ParserRun {
            bytewise ? .parseBytewise([UInt8](text: text), limits: limits) : .parse([UInt8](text: text), limits: limits)
        }
        #expect(run(fits).error == nil)
        #expect(run(exactly).error == nil)
        #expect(run(tooMany).error?.message == "the response has more than 4 header fields")
        #expect(run(tooLong).error?.message == "the response head is larger than 200 bytes")
        #expect(run(exactly + "").heads.count == 1)
        // An endless head stops at the limit without waiting for its end.
        var parser = HTTP1ResponseParser(limits: limits)
        #expect(throws: HTTP1ParseError.malformed("the response head is larger than 200 bytes")) {
            _ = try parse(&parser, "HTTP/1.1 200 OK\r\n")
            for _ in 0..<100 { _ = try parse(&parser, "X-A: b\r\n") }
        }
    }

    @Test("nonsense limits reject instead of crashing", arguments: [Int.min, -1, 0, Int.max])
    func extremeLimits(_ value: Int) {
        let limits = HTTP1Limits(maximumHeaderBytes: value, maximumHeaderCount: value, maximumChunkLineBytes: value, maximumInterimResponses: value)
        let wire = [UInt8](text: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\nA: b\r\n\r\n")
        let run = ParserRun.parse(wire, limits: limits)
        if value == Int.max {
            #expect(run.error == nil)
            #expect(run.body == Data("x".utf8))
        } else {
            #expect(run.error?.kind == .malformed)
        }
    }

    @Test("trailer limits and chunk-line limit")
    func trailerLimits() {
        let limits = HTTP1Limits(maximumHeaderBytes: 100, maximumHeaderCount: 2, maximumChunkLineBytes: 16)
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let trailers = head + "0\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
        #expect(ParserRun.parse([UInt8](text: trailers), limits: limits).error?.message.contains("more than 2 trailer fields") == true)
        let long = head + "0\r\nA: " + String(repeating: "x", count: 120) + "\r\n\r\n"
        #expect(ParserRun.parse([UInt8](text: long), limits: limits).error?.message.contains("trailer section is longer than") == true)
        let extensions = head + "1;" + String(repeating: "e", count: 20) + "\r\nx\r\n0\r\n\r\n"
        #expect(ParserRun.parseBytewise([UInt8](text: extensions), limits: limits).error?.message.contains("chunk-size line is longer than 16") == true)
    }

    @Test("endless interim responses are cut off")
    func interimLimit() {
        let wire = String(repeating: "HTTP/1.1 102 Processing\r\n\r\n", count: 17)
        #expect(ParserRun.parse([UInt8](text: wire)).error?.message == "more than 16 interim (1xx) responses")
    }

    @Test("a close-delimited body ends with .end(reusable: false) at EOF")
    func closeDelimited() throws {
        var parser = HTTP1ResponseParser()
        let events = try parse(&parser, "HTTP/1.1 200 OK\r\n\r\nabc")
        #expect(events.count == 2)
        #expect(try parse(&parser, "def") == [.body(Data("def".utf8))])
        #expect(try parser.parseEOF() == [.end(reusable: false)])
    }

    private func parse(_ parser: inout HTTP1ResponseParser, _ text: String) throws(HTTP1ParseError) -> [HTTP1Event] {
        let bytes = [UInt8](text.utf8)
        return try bytes.withHTTP1Bytes { buffer throws(HTTP1ParseError) in try parser.parse(buffer) }
    }
}

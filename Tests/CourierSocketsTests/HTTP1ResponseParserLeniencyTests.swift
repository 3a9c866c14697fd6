import Foundation
import Testing
@testable import CourierSockets

/// What the parser accepts where RFC 9112 §6.3 lets a client be lenient: bytes after the end of a response
/// (kept out of the body, reported as `.excess` so the connection closes) and transfer codings that do not end
/// with `chunked` (the body then ends at the close). The same whatever the read boundaries.
@Suite("HTTP/1.1 response parser: framing leniency")
struct HTTP1ResponseParserLeniencyTests {
    struct Excess: CustomTestStringConvertible, Sendable {
        let name: String
        let wire: String
        let body: String
        let excess: Int
        var testDescription: String { name }
    }

    static let excess: [Excess] = [
        .init(name: "a body longer than its Content-Length", wire: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhello", body: "he", excess: 3),
        .init(name: "bytes after a chunked body", wire: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\nextra",
              body: "x", excess: 5),
        .init(name: "bytes after a 204", wire: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\nX", body: "", excess: 1),
        .init(name: "an unsolicited second response", wire: "HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", body: "", excess: 27),
    ]

    @Test("bytes after the end are excess, never body, whole, byte by byte and in every two-piece split", arguments: excess)
    func excessAfterTheEnd(_ row: Excess) {
        let wire = [UInt8](text: row.wire)
        let whole = ParserRun.parse(wire)
        #expect(whole.error == nil, "\(whole)")
        #expect(whole.body == Data(row.body.utf8))
        #expect(whole.excess == row.excess)
        #expect(whole.ends.count == 1)
        #expect(ParserRun.parseBytewise(wire) == whole)
        for split in 1..<wire.count { #expect(ParserRun.parse(wire, splits: [split]) == whole, "split at \(split)") }
    }

    @Test("bytes on an idle connection are excess; the parser takes the next response after expectResponse")
    func excessWhileIdle() throws {
        var parser = HTTP1ResponseParser()
        _ = try parse(&parser, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        #expect(try parse(&parser, "junk") == [.excess(4)])
        #expect(try parse(&parser, "more") == [.excess(4)])
        #expect(try parser.parseEOF() == [])
        parser.expectResponse(toHEAD: false)
        let events = try parse(&parser, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nz")
        #expect(events.dropFirst() == [.body(Data("z".utf8)), .end(reusable: true)])
    }

    struct Coded: CustomTestStringConvertible, Sendable {
        let fields: String
        let body: String
        let coding: String?
        let framing: HTTP1ResponseHead.Framing
        var testDescription: String { fields }
    }

    static let coded: [Coded] = [
        .init(fields: "Transfer-Encoding: gzip", body: "coded", coding: "gzip", framing: .untilClose),
        .init(fields: "Transfer-Encoding: x-gzip", body: "coded", coding: "gzip", framing: .untilClose),
        .init(fields: "Transfer-Encoding: Deflate", body: "coded", coding: "deflate", framing: .untilClose),
        .init(fields: "Transfer-Encoding: identity", body: "plain", coding: nil, framing: .untilClose),
        .init(fields: "Transfer-Encoding: ", body: "plain", coding: nil, framing: .untilClose),
        .init(fields: "Transfer-Encoding: gzip, chunked", body: "5\r\ncoded\r\n0\r\n\r\n", coding: "gzip", framing: .chunked),
        .init(fields: "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked", body: "5\r\ncoded\r\n0\r\n\r\n", coding: "gzip", framing: .chunked),
    ]

    @Test("a transfer coding not ending with chunked reads until the close; the coding is named for the connection to decode",
          arguments: coded)
    func transferCodings(_ row: Coded) {
        let wire = [UInt8](text: "HTTP/1.1 200 OK\r\n\(row.fields)\r\n\r\n\(row.body)")
        let run = ParserRun.parse(wire)
        #expect(run.error == nil, "\(run)")
        #expect(run.heads.first?.transferCoding == row.coding)
        #expect(run.heads.first?.framing == row.framing)
        let expected = row.framing == .chunked ? "coded" : row.body
        #expect(run.body == Data(expected.utf8))
        #expect(run.ends == [row.framing == .chunked])  // reusable only when chunked ends the body
        #expect(ParserRun.parseBytewise(wire) == run)
        // Without the close, a close-delimited body never ends.
        #expect(ParserRun.parse(wire, eof: false).ends == (row.framing == .chunked ? [true] : []))
    }

    @Test("a HEAD answer or a 204 with a transfer coding has no body and names no coding")
    func noBodyNoCoding() {
        let head = ParserRun.parse([UInt8](text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n"), toHEAD: true)
        #expect(head.heads.first?.transferCoding == nil)
        #expect(head.ends == [true])
        let noContent = ParserRun.parse([UInt8](text: "HTTP/1.1 204 No Content\r\nTransfer-Encoding: gzip\r\n\r\n"))
        #expect(noContent.heads.first?.transferCoding == nil)
    }

    private func parse(_ parser: inout HTTP1ResponseParser, _ text: String) throws(HTTP1ParseError) -> [HTTP1Event] {
        try Array(text.utf8).withHTTP1Bytes { bytes throws(HTTP1ParseError) in try parser.parse(bytes) }
    }
}

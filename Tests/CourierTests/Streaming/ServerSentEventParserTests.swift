@testable import Courier
import Foundation
import Testing

/// Every rule of the WHATWG event-stream interpretation `ServerSentEventParser` follows, one row each.
@Suite struct ServerSentEventParserTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let rule: String
        let chunks: [[UInt8]]
        let events: [ServerSentEvent]
        init(_ rule: String, _ chunks: [String], _ events: [ServerSentEvent]) {
            self.rule = rule
            self.chunks = chunks.map { Array($0.utf8) }
            self.events = events
        }
        init(_ rule: String, bytes: [[UInt8]], _ events: [ServerSentEvent]) {
            self.rule = rule
            self.chunks = bytes
            self.events = events
        }
        var testDescription: String { rule }
    }

    static let rows: [Row] = [
        Row("a data line and a blank line make an event", ["data: hello\n\n"], [.init(data: "hello")]),
        Row("data lines are joined with LF", ["data: a\ndata: b\n\n"], [.init(data: "a\nb")]),
        Row("no space after the colon", ["data:x\n\n"], [.init(data: "x")]),
        Row("only one space after the colon is dropped", ["data:  x\n\n"], [.init(data: " x")]),
        Row("a colon in the value stays", ["data: a:b\n\n"], [.init(data: "a:b")]),
        Row("event names the type", ["event: ping\ndata: 1\n\n"], [.init(event: "ping", data: "1")]),
        Row("the type is reset after each event", ["event: a\ndata: 1\n\ndata: 2\n\n"], [.init(event: "a", data: "1"), .init(data: "2")]),
        Row("a line starting with a colon is a comment", [": keep-alive\ndata: x\n\n"], [.init(data: "x")]),
        Row("CRLF ends lines", ["data: a\r\ndata: b\r\n\r\n"], [.init(data: "a\nb")]),
        Row("a lone CR ends lines", ["data: a\rdata: b\r\r"], [.init(data: "a\nb")]),
        Row("a CRLF split across chunks is one line end", ["data: a\r", "\n\r", "\n"], [.init(data: "a")]),
        Row("a leading BOM is dropped", ["\u{FEFF}data: x\n\n"], [.init(data: "x")]),
        Row(
            "a leading BOM split across chunks is dropped", bytes: [[0xEF, 0xBB], [0xBF] + Array("data: x\n\n".utf8)],
            [.init(data: "x")]),
        Row("a BOM later in the stream is not dropped", ["data: x\n\n\u{FEFF}data: y\n\n"], [.init(data: "x")]),
        Row("id persists to later events", ["id: 1\ndata: a\n\ndata: b\n\n"], [.init(data: "a", id: "1"), .init(data: "b", id: "1")]),
        Row("an id holding NUL is ignored", ["id: 1\ndata: a\n\nid: 2\u{0}x\ndata: b\n\n"], [.init(data: "a", id: "1"), .init(data: "b", id: "1")]),
        Row("an empty id resets the last event ID", ["id: 1\ndata: a\n\nid\ndata: b\n\n"], [.init(data: "a", id: "1"), .init(data: "b")]),
        Row("retry with ASCII digits sets the reconnection time", ["retry: 1500\ndata: a\n\n"], [.init(data: "a", retry: 1500)]),
        Row("retry with anything else is ignored", ["retry: 1.5\ndata: a\n\nretry: 12a\ndata: b\n\nretry:\ndata: c\n\n"],
            [.init(data: "a"), .init(data: "b"), .init(data: "c")]),
        Row("a blank line without data dispatches nothing", ["event: x\n\n\n\n"], []),
        Row("a data field with no value makes an empty event", ["data\n\n"], [.init(data: "")]),
        Row("two bare data fields are one LF", ["data\ndata\n\n"], [.init(data: "\n")]),
        Row("unknown fields are ignored", ["foo: bar\nDATA: no\ndata: x\n\n"], [.init(data: "x")]),
        Row("a trailing partial event is not dispatched", ["data: a\n\ndata: b"], [.init(data: "a")]),
        Row("a trailing event without its blank line is not dispatched", ["data: a\n"], []),
        Row(
            "a UTF-8 character split across chunks arrives whole", bytes: [Array("data: ".utf8) + [0xC3], [0xA9, 0x0A, 0x0A]],
            [.init(data: "é")]),
        Row("one byte at a time", "id: 7\nevent: e\ndata: xy\n\n".map { String($0) }, [.init(event: "e", data: "xy", id: "7")]),
    ]

    @Test(arguments: rows)
    func rule(_ row: Row) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for chunk in row.chunks { events += parser.parse(Data(chunk)) }
        parser.reset()
        #expect(events == row.events)
    }

    @Test func theLastEventIDAndRetryCarryOverToTheNextConnection() {
        var parser = ServerSentEventParser()
        _ = parser.parse(Data("id: 42\nretry: 250\ndata: a\n\ndata: half".utf8))
        parser.reset()
        #expect(parser.lastEventID == "42")
        #expect(parser.retry == 250)
        var next = ServerSentEventParser(lastEventID: parser.lastEventID, retry: parser.retry)
        #expect(next.parse(Data("data: b\n\n".utf8)) == [.init(data: "b", id: "42", retry: 250)])
    }

    /// `maximumLineSize`: a line, or an event's `data` joined from many short lines, over the limit is a
    /// `.responseTooLarge` failure wherever the chunks are cut, after the events before it; one at the limit passes.
    @Test(arguments: [1, 3, 64])
    func aLineOrEventOverTheLimitFails(chunkSize: Int) throws {
        func parse(_ text: String, limit: Int) throws(NetworkError) -> [ServerSentEvent] {
            var parser = ServerSentEventParser(limit: limit)
            let bytes = Array(text.utf8)
            var events: [ServerSentEvent] = []
            for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                events += parser.parse(Data(bytes[start..<min(start + chunkSize, bytes.count)]))
            }
            if let failure = parser.failure { throw failure }
            return events
        }
        // A line counts its field name: "data: 1234" is 10 bytes.
        #expect(try parse("data: 1234\ndata: 5\n\n", limit: 10) == [.init(data: "1234\n5")])
        #expect(try parse(": " + String(repeating: "c", count: 8) + "\ndata: x\n\n", limit: 10) == [.init(data: "x")])
        for (text, what) in [(": " + String(repeating: "c", count: 9), "a line"), ("data: 123\ndata: 456\ndata: 789\n", "an event's data")] {
            let tooLarge = TransportFailure(kind: .responseTooLarge, message: "\(what) exceeds the limit of 10 bytes (maximumLineSize)")
            #expect(throws: NetworkError.transport(tooLarge)) { _ = try parse(text, limit: 10) }
        }
        var parser = ServerSentEventParser(limit: 10)
        #expect(parser.parse(Data("data: a\n\n: 123456789\ndata: b\n\n".utf8)) == [.init(data: "a")])
        #expect(parser.failure != nil && parser.parse(Data("data: c\n\n".utf8)).isEmpty)
    }

    @Test(arguments: [
        (["a\nb\n"], ["a", "b"]), (["a\r\nb"], ["a", "b"]), (["a\r", "\nb\r\n"], ["a", "b"]), (["a\rb\n"], ["a\rb"]),
        (["", "x", "", "\n\n"], ["x", ""]), (["tail"], ["tail"]),
    ])
    func linesSplitAtLFAndCRLF(chunks: [String], expected: [String]) throws {
        var splitter = LineSplitter(crEndsLine: false)
        var lines = try chunks.flatMap { try splitter.split(Data($0.utf8)) }
        if let last = splitter.finish() { lines.append(last) }
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == expected)
    }
}

/// The parser's result does not depend on where the chunks are cut: a stream with every kind of line, cut at
/// seeded random places (and byte by byte), gives the events of the whole stream at once.
@Suite struct ServerSentEventChunkingTests {
    static let stream = Array(("\u{FEFF}: hello\nid: 1\nevent: a\ndata: x\ndata:y\r\n\r\nretry: 20\rdata: é\r\rdata\n\n"
        + "id: 2\u{0}\nfoo: bar\ndata: " + String(repeating: "z", count: 300) + "\r\n\ndata: partial").utf8)

    static func events(_ chunks: [[UInt8]]) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return chunks.flatMap { parser.parse(Data($0)) }
    }

    @Test func theWholeStreamHasTheExpectedEvents() {
        #expect(Self.events([Self.stream]) == [
            .init(event: "a", data: "x\ny", id: "1"), .init(data: "é", id: "1", retry: 20), .init(data: "", id: "1", retry: 20),
            .init(data: String(repeating: "z", count: 300), id: "1", retry: 20),
        ])
    }

    @Test(arguments: 0..<40)
    func anyCutGivesTheSameEvents(seed: Int) throws {
        var generator = SplitMix(seed: UInt64(seed))
        var chunks: [[UInt8]] = []
        var index = 0
        while index < Self.stream.count {
            let size = seed == 0 ? 1 : Int(generator.next() % 40) + 1
            chunks.append(Array(Self.stream[index..<min(index + size, Self.stream.count)]))
            index += size
        }
        #expect(Self.events(chunks) == Self.events([Self.stream]))
        var splitter = LineSplitter(crEndsLine: false)   // `.lines` and JSON Lines: LF and CRLF only
        var lines = try chunks.flatMap { try splitter.split(Data($0)) }
        if let last = splitter.finish() { lines.append(last) }
        #expect(lines == Self.stream.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? Array($0.dropLast()) : Array($0) })
    }
}

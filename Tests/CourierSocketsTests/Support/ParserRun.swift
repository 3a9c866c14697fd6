import Foundation
@testable import CourierSockets

/// What `HTTP1ResponseParser` made of a byte string: the final head, the body bytes joined, whether it ended
/// and how, and the error if one was thrown. Feeding the bytes in any split must give the same run.
struct ParserRun: Equatable, CustomStringConvertible {
    var heads: [HTTP1ResponseHead] = []
    var body = Data()
    var bodyEvents = 0
    var continues = 0
    var ends: [Bool] = []
    /// Bytes discarded after the end (`.excess`).
    var excess = 0
    var error: HTTP1ParseError?

    /// Parses `bytes` in pieces cut at `splits` (offsets), then the EOF if `eof`.
    static func parse(
        _ bytes: [UInt8], splits: [Int] = [], toHEAD: Bool = false, expectsContinue: Bool = false, toCONNECT: Bool = false,
        eof: Bool = true, limits: HTTP1Limits = .init()
    ) -> ParserRun {
        var parser = HTTP1ResponseParser(limits: limits)
        parser.expectResponse(toHEAD: toHEAD, expectsContinue: expectsContinue, toCONNECT: toCONNECT)
        var run = ParserRun()
        var start = 0
        let cuts = splits.filter { $0 > 0 && $0 < bytes.count }.sorted() + [bytes.count]
        do {
            for cut in cuts where cut >= start {
                let events = try Array(bytes[start..<cut]).withHTTP1Bytes { piece throws(HTTP1ParseError) in try parser.parse(piece) }
                run.take(events)
                start = cut
            }
            if eof { run.take(try parser.parseEOF()) }
        } catch {
            run.error = error
        }
        return run
    }

    /// Parses one byte at a time.
    static func parseBytewise(_ bytes: [UInt8], toHEAD: Bool = false, expectsContinue: Bool = false, limits: HTTP1Limits = .init()) -> ParserRun {
        parse(bytes, splits: Array(0..<bytes.count), toHEAD: toHEAD, expectsContinue: expectsContinue, limits: limits)
    }

    private mutating func take(_ events: [HTTP1Event]) {
        for event in events {
            switch event {
            case .head(let head): heads.append(head)
            case .body(let data): body.append(data); bodyEvents += 1
            case .end(let reusable): ends.append(reusable)
            case .continue: continues += 1
            case .excess(let count): excess += count
            case .switchingProtocols(let head, let rest): heads.append(head); body.append(Data(rest))
            }
        }
    }

    /// Equal in what matters across splits (body bytes joined, event counts per kind aside from body).
    static func == (lhs: ParserRun, rhs: ParserRun) -> Bool {
        lhs.heads == rhs.heads && lhs.body == rhs.body && lhs.continues == rhs.continues && lhs.ends == rhs.ends
            && lhs.excess == rhs.excess && lhs.error?.kind == rhs.error?.kind
    }

    var description: String {
        "heads \(heads.map(\.statusCode)), body \(body.count) bytes, ends \(ends), excess \(excess), continues \(continues), error \(error.map(String.init(describing:)) ?? "none")"
    }
}

extension Array where Element == UInt8 {
    /// The UTF-8 bytes of `text`.
    init(text: String) { self = Array(text.utf8) }
}

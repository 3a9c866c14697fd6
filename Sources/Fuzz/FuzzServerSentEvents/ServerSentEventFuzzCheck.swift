import Courier
import Foundation
import FuzzingSupport

/// `ServerSentEventParser` on any bytes, fed whole and again cut at fuzzer-chosen points (a byte-order mark, a
/// CRLF or a UTF-8 sequence may be split): both must give the same events, the same last event ID and the same
/// reconnection time — no read boundary changes what a stream means. Every event also keeps the format's rules:
/// a type (`message` when none was named) and an ID without NUL.
///
/// Input: one byte giving up to 15 cut points, two bytes per cut point, then the stream's bytes.
enum ServerSentEventFuzzCheck {
    static func check(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let cutSeeds = input.cutSeeds()
        let stream = input.rest()
        let cuts = FuzzInput.cuts(cutSeeds, within: stream.isEmpty ? 0 : stream.count + 1)

        let whole = Run(stream, cuts: [])
        let split = Run(stream, cuts: cuts)
        guard whole == split else {
            FuzzDriver.fail("whole: \(whole), split at \(cuts): \(split)", input: bytes)
        }
        for event in whole.events {
            guard !event.event.isEmpty else { FuzzDriver.fail("an event without a type: \(event)", input: bytes) }
            guard event.id?.utf8.contains(0) != true else { FuzzDriver.fail("an event ID with NUL: \(event)", input: bytes) }
        }
        guard whole.lastEventID?.utf8.contains(0) != true else {
            FuzzDriver.fail("a last event ID with NUL: \(whole)", input: bytes)
        }
    }

    /// What one parse of the stream gave.
    struct Run: Equatable, CustomStringConvertible {
        var events: [ServerSentEvent] = []
        var lastEventID: String?
        var retry: Int?

        init(_ stream: [UInt8], cuts: [Int]) {
            var parser = ServerSentEventParser()
            var start = 0
            for end in cuts + [stream.count] where end >= start {
                events += parser.parse(Data(stream[start..<end]))
                start = end
            }
            lastEventID = parser.lastEventID
            retry = parser.retry
        }

        var description: String { "\(events.count) events \(events), last ID \(lastEventID ?? "nil"), retry \(retry.map(String.init) ?? "nil")" }
    }
}

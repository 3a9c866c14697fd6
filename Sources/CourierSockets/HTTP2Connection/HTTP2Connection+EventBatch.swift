#if os(Linux)
import Foundation

/// The events of one batch (what one read or one command produced) acted on in order, with two economies that
/// need the batch as a whole: the DATA frames of one stream that arrived together reach its reader as one chunk
/// (one push, one reader wake-up, one credit report, where nginx sends 8 KiB frames), and a response whose head,
/// whole body and end all arrived together goes to its caller in memory, after the loop's round, as a small
/// HTTP/1.1 response read at once does (no body stream, one wake-up for the round's callers).
extension HTTP2Connection {
    func handle(_ events: [HTTP2Event]) {
        var taken: [Bool] = []  // the events a whole response took; allocated on the first
        var index = 0
        while index < events.count {
            defer { index += 1 }
            if !taken.isEmpty, taken[index] { continue }
            switch events[index] {
            case .data(let id, let bytes):
                var body = Data(bytes)
                while index + 1 < events.count, case .data(id, let more) = events[index + 1] {
                    body.append(contentsOf: more)
                    index += 1
                }
                receiveData(body, on: id)
            case .headerBlock(let id, let block, .response):
                guard let whole = Self.wholeBody(of: id, in: events, after: index, skipping: taken) else {
                    receiveHeaderBlock(block, role: .response, on: id)
                    continue
                }
                if receiveHeaderBlock(block, role: .response, on: id, body: whole.body) {
                    if taken.isEmpty { taken = Array(repeating: false, count: events.count) }
                    for used in whole.indices { taken[used] = true }
                }
            default:
                handle(events[index])
            }
        }
    }

    /// The body of stream `id` and where its events are, when the events after `index` hold only DATA for it
    /// and then its end; nil when something else comes for it first (trailers, a reset) or its end is not here.
    static func wholeBody(
        of id: UInt32, in events: [HTTP2Event], after index: Int, skipping taken: [Bool]
    ) -> (body: Data, indices: [Int])? {
        var body = Data()
        var indices: [Int] = []
        for next in (index + 1)..<events.count where taken.isEmpty || !taken[next] {
            switch events[next] {
            case .data(id, let bytes):
                body.append(contentsOf: bytes)
                indices.append(next)
            case .streamEnded(id):
                indices.append(next)
                return (body, indices)
            case .headerBlock(id, _, _), .streamReset(id, _), .streamWritable(id), .goAway, .connectionError:
                return nil
            default:
                continue
            }
        }
        return nil
    }
}
#endif

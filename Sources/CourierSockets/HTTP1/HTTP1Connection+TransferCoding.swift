#if os(Linux)
import Foundation

/// Undoing a transfer coding (`Transfer-Encoding: gzip`, alone or before `chunked`; RFC 9112 §6.1): the parser
/// hands the body on coded, and the connection decodes it here with `ContentDecoder`, before anything else
/// sees it, whatever `decompressesResponses` says (a transfer coding belongs to the connection, not the content).
extension HTTP1Connection {
    /// `events` with a transfer-coded body decoded: a head naming a coding starts a decoder, its body events
    /// go through it, and its `.end` checks that the coded stream ended. Other responses pass unchanged.
    ///
    /// - Throws: a corrupt, truncated or bomb-sized coded body, as `ContentDecoder` reports it.
    func transferDecoded(_ events: [HTTP1Event]) throws(HTTP1ParseError) -> [HTTP1Event] {
        guard transferDecoder != nil || events.contains(where: Self.startsTransferCoding) else { return events }
        var decoded: [HTTP1Event] = []
        decoded.reserveCapacity(events.count)
        for event in events {
            switch event {
            case .head(let head):
                if let coding = head.transferCoding {
                    // FramingHeaders admits only the codings ContentDecoder takes.
                    transferDecoder = try ContentDecoder(contentEncoding: coding, limits: settings.decompression)
                }
                decoded.append(event)
            case .body(let chunk) where transferDecoder != nil:
                for piece in try transferDecoder?.decodeAll(chunk) ?? [] { decoded.append(.body(piece)) }
            case .end:
                try transferDecoder?.finish()
                transferDecoder = nil
                decoded.append(event)
            default:
                decoded.append(event)
            }
        }
        return decoded
    }

    private static func startsTransferCoding(_ event: HTTP1Event) -> Bool {
        if case .head(let head) = event { return head.transferCoding != nil }
        return false
    }
}
#endif

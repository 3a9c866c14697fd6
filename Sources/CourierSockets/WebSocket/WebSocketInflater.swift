#if canImport(CZlib)
import CourierHTTP
import CZlib

/// Decompresses permessage-deflate messages (RFC 7692 §7.2.2) with zlib's raw inflate (Linux only): each
/// frame's payload as it arrives, the `00 00 ff ff` tail the sender stripped added back at the message's end,
/// and the output capped so a small message cannot inflate past the message size limit (1009 past it).
package final class WebSocketInflater {
    private let stream: ZlibStream
    private let noContextTakeover: Bool
    private static let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]

    /// An inflater; with `noContextTakeover` its window is reset after each message.
    package init(noContextTakeover: Bool) throws(WebSocketError) {
        self.noContextTakeover = noContextTakeover
        // -15: raw deflate with the largest window, which reads data compressed with any smaller one.
        guard let stream = ZlibStream.inflater(windowBits: -MAX_WBITS) else {
            throw WebSocketError(.invalidArgument, "zlib could not start an inflater")
        }
        self.stream = stream
    }

    /// Inflates one frame's payload, appending to `output`; `final` marks the message's last frame.
    ///
    /// - Throws: 1009 once `output` would pass `limit` bytes; 1007 for corrupt data (RFC 7692 §8.1 leaves
    ///   the code open; the payload is not what it claims to be).
    package func inflate(_ bytes: [UInt8], final: Bool, into output: inout [UInt8], limit: Int) throws(WebSocketError) {
        try run(bytes, into: &output, limit: limit)
        guard final else { return }
        try run(Self.tail, into: &output, limit: limit)
        if noContextTakeover { try reset() }
    }

    private func run(_ input: [UInt8], into output: inout [UInt8], limit: Int) throws(WebSocketError) {
        var used = 0
        while true {
            let room = max(1, min(max(4096, (input.count - used) * 4), limit + 1 - output.count))
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: room))
            let (status, consumed, produced) = input.withUnsafeBytes { inBytes in
                output.withUnsafeMutableBytes { outBytes in
                    stream.run(UnsafeRawBufferPointer(rebasing: inBytes[used...]), into: UnsafeMutableRawBufferPointer(rebasing: outBytes[start...])) {
                        CZlib.inflate($0, Z_SYNC_FLUSH)
                    }
                }
            }
            used += consumed
            output.removeLast(room - produced)
            if output.count > limit {
                throw WebSocketError(.messageTooBig, closeCode: .messageTooBig, "a compressed message inflating past \(limit) bytes")
            }
            switch status {
            case Z_OK, Z_BUF_ERROR: break
            case Z_STREAM_END: try reset()  // a final block (BFINAL): RFC 7692 allows it; what follows starts afresh
            default:
                throw WebSocketError(.protocolViolation, closeCode: .invalidFramePayloadData,
                                     "a compressed message zlib cannot inflate (status \(status))")
            }
            // Done when all input is used and zlib did not fill its room (so it holds nothing more back).
            if used == input.count, produced < room { return }
            if consumed == 0, produced == 0 { return }
        }
    }

    private func reset() throws(WebSocketError) {
        guard inflateReset(stream.pointer) == Z_OK else { throw WebSocketError(.invalidArgument, "zlib could not reset the inflater") }
    }
}
#endif

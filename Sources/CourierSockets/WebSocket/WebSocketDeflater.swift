#if canImport(CZlib)
import CourierHTTP
import CZlib

/// Compresses permessage-deflate messages (RFC 7692 §7.2.1) with zlib's raw deflate (Linux only): each
/// message flushed to a byte boundary with the `00 00 ff ff` tail removed, the context reset after each
/// message when no context takeover was negotiated.
package final class WebSocketDeflater {
    private let stream: ZlibStream
    private let noContextTakeover: Bool

    /// A deflater with a window of 2^`windowBits` bytes (9-15; zlib's raw deflate has no 8: see
    /// `PerMessageDeflate.makeDeflater(as:)`).
    package init(windowBits: Int, noContextTakeover: Bool) throws(WebSocketError) {
        self.noContextTakeover = noContextTakeover
        guard let stream = ZlibStream.deflater(level: Z_DEFAULT_COMPRESSION, windowBits: -Int32(max(9, min(15, windowBits)))) else {
            throw WebSocketError(.invalidArgument, "zlib could not start a deflater")
        }
        self.stream = stream
    }

    /// The compressed payload of one message (to send with RSV1 on its first frame).
    package func compress(_ message: [UInt8]) throws(WebSocketError) -> [UInt8] {
        var output: [UInt8] = []
        var used = 0
        var filled: Bool
        repeat {
            let start = output.count
            let room = message.count / 2 + 64
            output.append(contentsOf: repeatElement(0, count: room))
            let (status, consumed, produced) = message.withUnsafeBytes { inBytes in
                output.withUnsafeMutableBytes { outBytes in
                    stream.run(UnsafeRawBufferPointer(rebasing: inBytes[used...]), into: UnsafeMutableRawBufferPointer(rebasing: outBytes[start...])) {
                        deflate($0, Z_SYNC_FLUSH)
                    }
                }
            }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                throw WebSocketError(.invalidArgument, "zlib could not compress (status \(status))")
            }
            used += consumed
            output.removeLast(room - produced)
            filled = produced == room
        } while used < message.count || filled
        // A sync flush ends with an empty stored block, 00 00 ff ff, which the receiver adds back.
        if output.suffix(4) == [0x00, 0x00, 0xFF, 0xFF] { output.removeLast(4) }
        if noContextTakeover { deflateReset(stream.pointer) }
        // With nothing new to flush (an empty message) zlib writes nothing, not even the empty stored block that
        // must end every message (§7.2.1): its first byte (the block header bits) is 00, and the receiver's
        // 00 00 ff ff completes it (§7.2.3.6). Sent empty, the receiver would read that tail as a header and
        // the next message's first bytes as the rest.
        return output.isEmpty ? [0x00] : output
    }
}
extension PerMessageDeflate {
    /// The deflater `role` compresses its messages with, or nil when its window is limited to 8 bits, which
    /// zlib's raw deflate cannot honor: that side then sends every message uncompressed (RFC 7692 §6 lets
    /// any message go so).
    package func makeDeflater(as role: WebSocketRole) throws(WebSocketError) -> WebSocketDeflater? {
        let bits = sendWindowBits(as: role)
        guard bits >= 9 else { return nil }
        return try WebSocketDeflater(windowBits: bits, noContextTakeover: sendsWithoutContextTakeover(as: role))
    }
}
#endif

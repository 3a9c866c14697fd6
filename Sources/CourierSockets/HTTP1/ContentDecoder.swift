#if canImport(CZlib)
import CZlib
import Foundation

/// Decodes a `Content-Encoding: gzip` or `deflate` body through zlib, in bounded pieces (Linux only).
///
/// Feed the body's bytes to `decode(_:)`; each call returns at most `limits.outputChunkSize` bytes. When it
/// could not return everything the input makes, `hasPendingOutput` is true: call `drain()` until it is false
/// before feeding more (the unread input is kept). At the end of the body call `finish()`, which throws if the
/// compressed stream is truncated. A ratio or size cap stops a decompression bomb after bounded output;
/// corrupt data is `.malformed` (`badServerResponse`).
///
/// ```swift
/// if let decoder = try ContentDecoder(contentEncoding: head.headers["Content-Encoding"] ?? "", limits: .init()) {
///     var piece = try decoder.decode(bytes)
///     while true { deliver(piece); guard decoder.hasPendingOutput else { break }; piece = try decoder.drain() }
///     …
///     try decoder.finish()
/// }
/// ```
package final class ContentDecoder {
    /// The content codings zlib decodes.
    package enum Coding: Sendable, Hashable {
        /// `gzip` / `x-gzip` (RFC 1952), several members allowed.
        case gzip
        /// `deflate`: zlib-wrapped (RFC 1950) as the RFC says, or raw deflate (RFC 1951) as some servers send.
        case deflate
    }

    /// The coding being decoded.
    package let coding: Coding
    /// The limits applied.
    package let limits: DecompressionLimits

    /// zlib's stream, once started (gzip at once; deflate once its header is sniffed).
    private var stream: ZlibStream?
    private var started: Bool { stream != nil }
    private var ended = false
    private var failure: HTTP1ParseError?
    /// Input received but not consumed yet (only when output was capped, or to sniff deflate's header).
    private var heldInput: [UInt8] = []
    private var heldOffset = 0
    /// The last inflate filled its output: zlib may have more to give without new input.
    private var outputFull = false
    private var consumed: Int64 = 0
    private var produced: Int64 = 0
    private var received: Int64 = 0

    /// A decoder for `contentEncoding`, or nil for `identity`, an empty value or a coding zlib cannot decode
    /// (the caller then passes the bytes through, `Content-Encoding` intact).
    ///
    /// - Throws: `.malformed` if zlib cannot be initialized (out of memory).
    package init?(contentEncoding: String, limits: DecompressionLimits = .init()) throws(HTTP1ParseError) {
        let codings = contentEncoding.lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard codings.count == 1 else { return nil }
        switch codings[0] {
        case "gzip", "x-gzip": coding = .gzip
        case "deflate": coding = .deflate
        default: return nil
        }
        self.limits = limits
        if coding == .gzip { try start(windowBits: 16 + MAX_WBITS) }
    }

    /// Whether more output is waiting: call `drain()` before feeding more input.
    package var hasPendingOutput: Bool {
        failure == nil && started && (outputFull || heldOffset < heldInput.count)
    }

    /// The compressed bytes consumed and the decoded bytes produced so far.
    package var counts: (compressed: Int64, decoded: Int64) { (consumed, produced) }

    /// Decodes `bytes` (the next piece of the body) and returns up to `limits.outputChunkSize` decoded bytes.
    package func decode(_ bytes: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> Data {
        if let failure { throw failure }
        received += Int64(bytes.count)
        if heldOffset < heldInput.count || !started {
            // Input is already waiting (or deflate's header is not sniffed yet): queue behind it.
            compactHeldInput()
            heldInput.append(contentsOf: bytes)
            return try drain()
        }
        let (output, used) = try run(bytes)
        if used < bytes.count { heldInput.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[used...])) }
        return output
    }

    /// Decodes `chunk` whole, in the decoder's bounded pieces (its ratio and size caps stop a bomb early).
    package func decodeAll(_ chunk: Data) throws(HTTP1ParseError) -> [Data] {
        var pieces: [Data] = []
        // `Data.withUnsafeBytes` rethrows untyped: the error comes back typed through a `Result`.
        let first = try chunk.withUnsafeBytes { bytes in Result { () throws(HTTP1ParseError) in try decode(bytes) } }.get()
        if !first.isEmpty { pieces.append(first) }
        while hasPendingOutput {
            let next = try drain()
            if next.isEmpty { break }
            pieces.append(next)
        }
        return pieces
    }

    /// The next piece of output from input already received (empty when there is none).
    package func drain() throws(HTTP1ParseError) -> Data {
        if let failure { throw failure }
        if !started {
            guard heldInput.count >= 2 else { return Data() }
            // RFC 1950 header: CM = 8 and the 16-bit header a multiple of 31; otherwise the server sent raw deflate.
            let isZlib = heldInput[0] & 0x0F == 8 && (UInt16(heldInput[0]) << 8 | UInt16(heldInput[1])) % 31 == 0
            try start(windowBits: isZlib ? MAX_WBITS : -MAX_WBITS)
        }
        let result = try heldInput.withHTTP1Bytes { buffer throws(HTTP1ParseError) in
            try run(UnsafeRawBufferPointer(rebasing: buffer[heldOffset...]))
        }
        heldOffset += result.consumed
        if heldOffset == heldInput.count {
            heldInput.removeAll(keepingCapacity: true)
            heldOffset = 0
        }
        return result.output
    }

    /// The body ended: throws if the compressed stream did not (a truncated gzip or deflate body). An empty
    /// body is accepted (some servers label an empty body gzip).
    package func finish() throws(HTTP1ParseError) {
        if let failure { throw failure }
        if received == 0 { return }
        if hasPendingOutput {
            throw fail(.malformed("finish() was called while decoded output was still pending (drain() first)"))
        }
        if !ended { throw fail(.malformed("the \(name) body is truncated: the compressed stream does not end")) }
    }

    // MARK: zlib

    private var name: String { coding == .gzip ? "gzip" : "deflate" }

    private func start(windowBits: Int32) throws(HTTP1ParseError) {
        guard let stream = ZlibStream.inflater(windowBits: windowBits) else {
            throw fail(.malformed("zlib could not start decoding \(name)"))
        }
        self.stream = stream
    }

    private func fail(_ error: HTTP1ParseError) -> HTTP1ParseError {
        failure = error
        return error
    }

    /// Inflates from `input` into at most `outputChunkSize` bytes; returns them and how much input was used.
    private func run(_ input: UnsafeRawBufferPointer) throws(HTTP1ParseError) -> (output: Data, consumed: Int) {
        let cap = limits.outputChunkSize
        var output = Data(count: min(cap, max(16 * 1024, input.count * 4)))
        var written = 0
        var used = 0
        outputFull = false
        while true {
            if ended {
                guard used < input.count else { break }
                // gzip allows several members back to back; deflate ends once.
                guard coding == .gzip else {
                    throw fail(.malformed("\(input.count - used) bytes follow the end of the deflate stream"))
                }
                guard let stream, inflateReset(stream.pointer) == Z_OK else { throw fail(.malformed("zlib could not reset for the next gzip member")) }
                ended = false
            }
            guard let stream else { break }
            let (status, inputUsed, outputMade) = output.withUnsafeMutableBytes { out in
                stream.run(UnsafeRawBufferPointer(rebasing: input[used...]), into: UnsafeMutableRawBufferPointer(rebasing: out[written...])) {
                    inflate($0, Z_NO_FLUSH)
                }
            }
            used += inputUsed
            written += outputMade
            consumed += Int64(inputUsed)
            produced += Int64(outputMade)
            try checkLimits()
            switch status {
            case Z_STREAM_END:
                ended = true
                continue
            case Z_OK, Z_BUF_ERROR:
                break
            case Z_NEED_DICT:
                throw fail(.malformed("the \(name) body needs a preset dictionary, which HTTP never provides"))
            case Z_MEM_ERROR:
                throw fail(.malformed("zlib ran out of memory decoding the \(name) body"))
            default:
                let reason = stream.pointer.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                throw fail(.malformed("the \(name) body is corrupt (\(reason))"))
            }
            if written == output.count {
                if output.count < cap {
                    output.count = min(cap, output.count * 2)
                    continue
                }
                outputFull = true  // capped: the caller drains the rest
                break
            }
            if used == input.count || (inputUsed == 0 && outputMade == 0) { break }  // needs more input
        }
        output.count = written
        return (output, used)
    }

    private func checkLimits() throws(HTTP1ParseError) {
        if let maximum = limits.maximumDecodedBytes, produced > maximum {
            throw fail(HTTP1ParseError(.tooLarge, "the decoded \(name) body is larger than \(maximum) bytes"))
        }
        if produced > limits.ratioCheckThreshold, Double(produced) > limits.maximumRatio * Double(max(1, consumed)) {
            throw fail(.malformed(
                "the \(name) body expands more than \(Int(limits.maximumRatio))× (\(consumed) compressed bytes gave \(produced)): a decompression bomb"))
        }
    }

    private func compactHeldInput() {
        guard heldOffset > 0 else { return }
        heldInput.removeFirst(heldOffset)
        heldOffset = 0
    }
}
#endif

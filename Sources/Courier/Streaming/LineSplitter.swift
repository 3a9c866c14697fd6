import Foundation

/// Splits bytes into lines as they arrive: a line ends at LF, CRLF or — for Server-Sent Events — a lone CR (a CRLF
/// split across two chunks is one end). The one place line ends are found, for `ResponseBody.lines`, JSON Lines
/// and Server-Sent Events. Lines inside one chunk are handed over in place, without a copy.
package struct LineSplitter: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCR = false
    private var consumed = false

    /// Whether a lone CR ends a line (Server-Sent Events) or is kept as text (JSON Lines, `.lines`: LF and CRLF).
    package let crEndsLine: Bool
    /// Whether a UTF-8 byte order mark at the very start is dropped.
    package let dropsByteOrderMark: Bool

    /// Creates a splitter.
    package init(crEndsLine: Bool, dropsByteOrderMark: Bool = false) {
        self.crEndsLine = crEndsLine
        self.dropsByteOrderMark = dropsByteOrderMark
    }

    /// The lines completed by `chunk`, copied out, without their line ends.
    package mutating func split(_ chunk: Data) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        forEachLine(in: chunk) { lines.append(Array($0)) }
        return lines
    }

    /// Calls `body` with each line `chunk` completes, without its line end; the bytes are valid during the call.
    package mutating func forEachLine(in chunk: Data, _ body: (UnsafeRawBufferPointer) -> Void) {
        chunk.withUnsafeBytes { forEachLine(in: $0, body) }
    }

    /// `forEachLine(in:_:)` for bytes the caller holds: a line that lies in `raw` is handed over in place (its bytes
    /// stay valid as long as `raw` does); other lines (the first chunk's, or those joined across chunks) only
    /// during the call.
    package mutating func forEachLine(in raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        if !consumed {
            pending.append(contentsOf: raw)
            if dropsByteOrderMark, pending.count < 3, pending == Array([0xEF, 0xBB, 0xBF].prefix(pending.count)) { return }
            consumed = true
            if dropsByteOrderMark, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            var first: [UInt8] = []
            swap(&first, &pending)
            first.withUnsafeBytes { scan($0, body) }
            return
        }
        scan(raw, body)
    }

    /// Finds the line ends of `raw` with `memchr` (LF, and CR where it ends a line) and hands each completed line to
    /// `body`: in place when it lies wholly in `raw`, else joined with the bytes kept from earlier chunks. Safe: every
    /// pointer is `base` plus an offset below `raw.count` (lengths checked against it), and `raw` outlives the call.
    private mutating func scan(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard let base = raw.baseAddress, raw.count > 0 else { return }
        let count = raw.count
        var start = 0
        if lastWasCR {
            lastWasCR = false
            if crEndsLine, base.load(as: UInt8.self) == Self.lf { start = 1 }   // the LF of a CRLF split across chunks
        }
        // The next CR at or after `start` (`count`: none); searched again only once passed, so a stream without CRs
        // costs one search per chunk.
        var nextCR = crEndsLine ? Self.find(Self.cr, in: base, from: start, to: count) : count
        while start < count {
            var end = Self.find(Self.lf, in: base, from: start, to: count)
            if crEndsLine {
                if nextCR < start { nextCR = Self.find(Self.cr, in: base, from: start, to: count) }
                end = min(end, nextCR)
            }
            guard end < count else { break }
            let endsAtCR = base.load(fromByteOffset: end, as: UInt8.self) == Self.cr
            var lineEnd = end
            if !crEndsLine, lineEnd > start, base.load(fromByteOffset: lineEnd - 1, as: UInt8.self) == Self.cr { lineEnd -= 1 }
            if pending.isEmpty {
                body(UnsafeRawBufferPointer(start: base + start, count: lineEnd - start))
            } else {
                pending.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: lineEnd - start))
                if !crEndsLine, end == start, pending.last == Self.cr { pending.removeLast() }   // a CRLF split across chunks
                pending.withUnsafeBytes(body)
                pending.removeAll(keepingCapacity: true)
            }
            start = end + 1
            if endsAtCR {
                if start < count {
                    if base.load(fromByteOffset: start, as: UInt8.self) == Self.lf { start += 1 }
                } else {
                    lastWasCR = true
                }
            }
        }
        if start < count { pending.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: count - start)) }
    }

    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D

    /// The offset of the first `byte` in `base[from..<to]`, else `to`.
    private static func find(_ byte: UInt8, in base: UnsafeRawPointer, from: Int, to: Int) -> Int {
        guard from < to else { return to }
        // Safe: `base[from..<to]` lies inside the buffer the caller holds for the duration of the call.
        guard let found = memchr(base + from, Int32(byte), to - from) else { return to }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// What is left at the end of the stream: a last line without a line end, if any.
    package mutating func finish() -> [UInt8]? {
        defer { pending.removeAll() }
        if !crEndsLine, pending.last == 0x0D { pending.removeLast() }
        return pending.isEmpty ? nil : pending
    }
}

import Foundation

/// Splits bytes into lines as they arrive: a line ends at LF, CRLF or — for Server-Sent Events — a lone CR (a CRLF
/// split across two chunks is one end). The one place line ends are found, for `ResponseBody.lines`, JSON Lines
/// and Server-Sent Events. Lines inside one chunk are handed over in place, without a copy. A line longer than
/// `limit` throws instead, so a server that never sends a line end cannot grow memory without bound.
package struct LineSplitter: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCR = false
    private var consumed = false

    /// Whether a lone CR ends a line (Server-Sent Events) or is kept as text (JSON Lines, `.lines`: LF and CRLF).
    package let crEndsLine: Bool
    /// Whether a UTF-8 byte order mark at the very start is dropped.
    package let dropsByteOrderMark: Bool
    /// The longest line accepted, in bytes without its line end (`Int.max`: no limit).
    package let limit: Int

    /// Creates a splitter; `limit` is the longest line in bytes, `nil` for none.
    package init(crEndsLine: Bool, dropsByteOrderMark: Bool = false, limit: Int? = nil) {
        self.crEndsLine = crEndsLine
        self.dropsByteOrderMark = dropsByteOrderMark
        self.limit = limit ?? .max
    }

    /// The error for a line (or, in `ServerSentEventParser`, an event's `data`) over `limit` bytes: the one place
    /// it is made.
    package static func tooLong(_ what: String, limit: Int) -> NetworkError {
        .transport(TransportFailure(kind: .responseTooLarge, message: "\(what) exceeds the limit of \(limit) bytes (maximumLineSize)"))
    }

    /// The lines completed by `chunk`, copied out, without their line ends.
    package mutating func split(_ chunk: Data) throws(NetworkError) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        try forEachLine(in: chunk) { lines.append(Array($0)) }
        return lines
    }

    /// Calls `body` with each line `chunk` completes, without its line end; the bytes are valid during the call.
    ///
    /// - Throws: `NetworkError.transport` with `.responseTooLarge` for a line over `limit`, or what `body` throws.
    package mutating func forEachLine(
        in chunk: Data, _ body: (UnsafeRawBufferPointer) throws(NetworkError) -> Void
    ) throws(NetworkError) {
        try chunk.withBytes { raw throws(NetworkError) in try forEachLine(in: raw, body) }
    }

    /// `forEachLine(in:_:)` for bytes the caller holds: a line that lies in `raw` is handed over in place (its bytes
    /// stay valid as long as `raw` does); other lines (the first chunk's, or those joined across chunks) only
    /// during the call.
    package mutating func forEachLine(
        in raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws(NetworkError) -> Void
    ) throws(NetworkError) {
        if !consumed {
            pending.append(contentsOf: raw)
            if dropsByteOrderMark, pending.count < 3, pending == Array([0xEF, 0xBB, 0xBF].prefix(pending.count)) { return }
            consumed = true
            if dropsByteOrderMark, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            var first: [UInt8] = []
            swap(&first, &pending)
            try first.withBytes { raw throws(NetworkError) in try scan(raw, body) }
            return
        }
        try scan(raw, body)
    }

    /// Finds the line ends of `raw` with `memchr` (LF, and CR where it ends a line) and hands each completed line to
    /// `body`: in place when it lies wholly in `raw`, else joined with the bytes kept from earlier chunks. Safe: every
    /// pointer is `base` plus an offset below `raw.count` (lengths checked against it), and `raw` outlives the call.
    private mutating func scan(
        _ raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws(NetworkError) -> Void
    ) throws(NetworkError) {
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
                guard lineEnd - start <= limit else { throw Self.tooLong("a line", limit: limit) }
                try body(UnsafeRawBufferPointer(start: base + start, count: lineEnd - start))
            } else {
                pending.append(contentsOf: UnsafeRawBufferPointer(start: base + start, count: lineEnd - start))
                if !crEndsLine, end == start, pending.last == Self.cr { pending.removeLast() }   // a CRLF split across chunks
                guard pending.count <= limit else { throw Self.tooLong("a line", limit: limit) }
                try pending.withBytes(body)
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
        // A line still waiting for its end (a last CR may be half of a CRLF, not part of the line).
        guard pending.count - (pending.last == Self.cr ? 1 : 0) <= limit else { throw Self.tooLong("a line", limit: limit) }
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

extension ContiguousBytes {
    /// `withUnsafeBytes` for a body that throws `NetworkError` only, so the error keeps its type (`withUnsafeBytes`
    /// rethrows it as `any Error`).
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(NetworkError) -> Result) throws(NetworkError) -> Result {
        try withUnsafeBytes { raw in Swift.Result { () throws(NetworkError) in try body(raw) } }.get()
    }
}

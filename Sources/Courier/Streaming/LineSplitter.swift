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
        if !consumed {
            pending.append(contentsOf: chunk)
            if dropsByteOrderMark, pending.count < 3, pending == Array([0xEF, 0xBB, 0xBF].prefix(pending.count)) { return }
            consumed = true
            if dropsByteOrderMark, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            let first = Data(pending)
            pending.removeAll(keepingCapacity: true)
            first.withUnsafeBytes { scan($0, body) }
            return
        }
        chunk.withUnsafeBytes { scan($0, body) }
    }

    private mutating func scan(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        let count = raw.count
        var index = 0
        if lastWasCR, crEndsLine, count > 0, raw[0] == 0x0A { index = 1 }   // the LF of a CRLF split across chunks
        if count > 0 { lastWasCR = false }
        var start = index
        while index < count {
            let byte = raw[index]
            guard byte == 0x0A || (byte == 0x0D && crEndsLine) else {
                index += 1
                continue
            }
            var end = index
            if byte == 0x0A, !crEndsLine, end > start, raw[end - 1] == 0x0D { end -= 1 }
            if pending.isEmpty {
                body(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            } else {
                pending.append(contentsOf: raw[start..<end])
                if byte == 0x0A, !crEndsLine, end == index, start == index, pending.last == 0x0D { pending.removeLast() }
                pending.withUnsafeBytes(body)
                pending.removeAll(keepingCapacity: true)
            }
            index += 1
            if byte == 0x0D {
                if index < count {
                    if raw[index] == 0x0A { index += 1 }
                } else {
                    lastWasCR = true
                }
            }
            start = index
        }
        pending.append(contentsOf: raw[start..<count])
    }

    /// What is left at the end of the stream: a last line without a line end, if any.
    package mutating func finish() -> [UInt8]? {
        defer { pending.removeAll() }
        if !crEndsLine, pending.last == 0x0D { pending.removeLast() }
        return pending.isEmpty ? nil : pending
    }
}

import Foundation

/// Splits bytes into lines as they arrive: a line ends at LF, CRLF or a lone CR (a CRLF split across two chunks
/// is one end). The one place line ends are found, for `ResponseBody.lines`, JSON Lines and Server-Sent Events.
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

    /// The lines completed by `chunk`, without their line ends.
    package mutating func split(_ chunk: Data) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var bytes = chunk[...]
        if !consumed {
            pending.append(contentsOf: bytes)
            if dropsByteOrderMark, pending.count < 3, pending == Array([0xEF, 0xBB, 0xBF].prefix(pending.count)) { return [] }
            consumed = true
            if dropsByteOrderMark, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            bytes = Data(pending)[...]
            pending.removeAll(keepingCapacity: true)
        }
        for byte in bytes {
            switch byte {
            case 0x0A:
                if lastWasCR {
                    lastWasCR = false
                    if crEndsLine { continue }   // the LF of a CRLF whose CR ended the line
                    if pending.last == 0x0D { pending.removeLast() }
                }
                lines.append(pending)
                pending.removeAll(keepingCapacity: true)
            case 0x0D:
                if crEndsLine {
                    lines.append(pending)
                    pending.removeAll(keepingCapacity: true)
                } else {
                    pending.append(byte)
                }
                lastWasCR = true
            default:
                lastWasCR = false
                pending.append(byte)
            }
        }
        return lines
    }

    /// What is left at the end of the stream: a last line without a line end, if any.
    package mutating func finish() -> [UInt8]? {
        defer { pending.removeAll() }
        if !crEndsLine, lastWasCR, pending.last == 0x0D { pending.removeLast() }
        return pending.isEmpty ? nil : pending
    }
}

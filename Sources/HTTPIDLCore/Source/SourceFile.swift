/// A `.http` file's name and text, with offset → line/column mapping.
///
/// Offsets are indices into `scalars` (Unicode scalars). Bytes that are not valid UTF-8 are replaced by
/// U+FFFD and remembered in `invalidUTF8Offsets`, so the lexer can report each one at its exact place.
/// Every compiler entry point takes one, and diagnostics are rendered against the same value, so a caller
/// keeps it to print them.
public struct SourceFile: Sendable {
    /// The name shown in diagnostics (the path as given on the command line). It also names the output:
    /// `dir/users.http` generates `users.swift`, so two sources must not share a last path component.
    public let name: String
    /// The text as Unicode scalars.
    package let scalars: [Unicode.Scalar]
    /// Offsets of scalars that replaced an invalid UTF-8 byte sequence.
    package let invalidUTF8Offsets: Set<Int>
    /// Offset of the first scalar of each line.
    let lineStarts: [Int]

    /// Creates a source file from text already decoded, e.g. from an editor buffer or a test.
    public init(name: String, text: String) {
        self.init(name: name, scalars: Array(text.unicodeScalars), invalid: [])
    }

    /// Creates a source file from raw bytes, decoding UTF-8 and recording invalid sequences. Prefer it for
    /// files read from disk: invalid bytes are then reported as errors at their place instead of failing the
    /// read (a leading byte-order mark is kept in the text; the lexer skips it).
    public init(name: String, bytes: [UInt8]) {
        var invalid: Set<Int> = []
        // ASCII fast path: most `.http` files are mostly ASCII, and their ASCII start is widened in one loop.
        // The unsafe buffers are safe here: they are used only inside their closures, and exactly the first
        // `start` scalars are initialized (start <= bytes.count, the capacity) and counted.
        let start = bytes.withUnsafeBufferPointer { buffer in buffer.firstIndex { $0 >= 0x80 } ?? buffer.count }
        var scalars = [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            bytes.withUnsafeBufferPointer { source in
                for index in 0..<start { buffer.initializeElement(at: index, to: Unicode.Scalar(source[index])) }
            }
            count = start
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[start...].makeIterator()
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
            case .error:
                invalid.insert(scalars.count)
                scalars.append("\u{FFFD}")
            case .emptyInput:
                break decoding
            }
        }
        self.init(name: name, scalars: scalars, invalid: invalid)
    }

    private init(name: String, scalars: [Unicode.Scalar], invalid: Set<Int>) {
        self.name = name
        self.scalars = scalars
        self.invalidUTF8Offsets = invalid
        var starts = [0]
        scalars.withUnsafeBufferPointer { buffer in  // read only, inside the closure
            for index in buffer.indices where buffer[index] == "\n" { starts.append(index + 1) }
        }
        self.lineStarts = starts
    }

    /// The whole text (with U+FFFD where invalid UTF-8 was), rebuilt on each call: keep the result rather than
    /// calling it in a loop.
    public var text: String { Self.string(scalars[...]) }

    /// The 1-based line and column of an offset (columns count Unicode scalars), for locating a
    /// ``SourceRange`` the way an editor does. An offset out of range is clamped to the file, never a trap.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, scalars.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: clamped - lineStarts[low] + 1)
    }

    /// The text of a 1-based line, without its line break.
    package func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : scalars.count
        if end > start, scalars[end - 1] == "\r" { end -= 1 }
        return Self.string(scalars[start..<max(start, end)])
    }

    /// A string from scalars, encoded straight into the string's storage (much faster than appending
    /// scalars to a `String.UnicodeScalarView` one by one).
    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var length = 0
        for scalar in scalars {
            let value = scalar.value
            length += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var count = 0
            for scalar in scalars {
                let value = scalar.value
                if value < 0x80 {
                    buffer[count] = UInt8(value)
                    count += 1
                } else if value < 0x800 {
                    buffer[count] = UInt8(0xC0 | (value >> 6))
                    buffer[count + 1] = UInt8(0x80 | (value & 0x3F))
                    count += 2
                } else if value < 0x10000 {
                    buffer[count] = UInt8(0xE0 | (value >> 12))
                    buffer[count + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    buffer[count + 2] = UInt8(0x80 | (value & 0x3F))
                    count += 3
                } else {
                    buffer[count] = UInt8(0xF0 | (value >> 18))
                    buffer[count + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
                    buffer[count + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    buffer[count + 3] = UInt8(0x80 | (value & 0x3F))
                    count += 4
                }
            }
            return count
        }
    }

    /// The text of a range.
    package func text(in range: SourceRange) -> String {
        let lower = max(0, min(range.start, scalars.count))
        let upper = max(lower, min(range.end, scalars.count))
        return Self.string(scalars[lower..<upper])
    }
}

/// A 1-based line and column, as editors and compilers print them, so `file:line:col` links open at the
/// right place.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1 (lines end at `\n`; a `\r` before it belongs to the line break).
    public let line: Int
    /// The column in Unicode scalars, starting at 1 (not bytes, not grapheme clusters: an emoji with a
    /// modifier counts as two).
    public let column: Int

    /// Creates a location; the values are taken as given (the compiler makes them with
    /// ``SourceFile/location(of:)``).
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form used inside a diagnostic's summary.
    public var description: String { "\(line):\(column)" }
}

/// A half-open range of scalar offsets in a `SourceFile`: what a diagnostic points at, kept as offsets so it
/// is cheap to store and compare, and turned into lines and columns only when printed.
public struct SourceRange: Sendable, Hashable {
    /// The first offset (the place a diagnostic's caret points at).
    public let start: Int
    /// One past the last offset; equal to `start` for an empty range, such as a point between two tokens.
    public let end: Int

    /// Creates a range; an `end` before `start` is raised to `start`, so a range is never negative.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The range covering both.
    package func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
}

import CourierHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level helpers shared by the HTTP/1.1 parser and writer: character classes by table lookup and
/// pointer scans, so that no hot path builds a String or an Array per byte.
enum HTTP1Bytes {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let comma: UInt8 = 0x2C
    static let semicolon: UInt8 = 0x3B

    /// Whether `byte` is an RFC 9110 token character (`tchar`): `HTTPMethod.isTokenByte`, the one table of them.
    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool {
        HTTPMethod.isTokenByte(byte)
    }

    /// Whether `byte` may appear in a field value or reason phrase: VCHAR, obs-text, SP and HTAB.
    @inline(__always)
    static func isFieldContent(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == tab
    }

    /// The first byte of `buffer[range]` that may not appear in a field value (see `isFieldContent`), and
    /// whether the range is all ASCII. Checks eight bytes at a time: a word with no byte below 0x20 and none
    /// equal to 0x7F is clean (the "has less than" and "has zero" bit tricks, exact as a yes/no answer); only a
    /// word that fails (a tab, or a real fault) is checked byte by byte.
    @inline(__always)
    static func scanFieldContent(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> (invalid: Int?, ascii: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var bits: UInt64 = 0
        var position = range.lowerBound
        while position + 8 <= range.upperBound {
            // Safe: `position + 8 <= range.upperBound <= buffer.count`; unaligned loads are allowed.
            let word = buffer.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            bits |= word
            let control = (word &- ones &* 0x20) & ~word & highs
            let delete = word ^ (ones &* 0x7F)
            if control | ((delete &- ones) & ~delete & highs) != 0 {
                for index in position..<(position + 8) where !isFieldContent(buffer[index]) { return (index, false) }
            }
            position += 8
        }
        while position < range.upperBound {
            let byte = buffer[position]
            if !isFieldContent(byte) { return (position, false) }
            bits |= UInt64(byte)
            position += 1
        }
        return (nil, bits & highs == 0)
    }

    /// Whether `byte` is optional whitespace (SP or HTAB).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// The index of the first `byte` in `buffer[from...]`, by memchr.
    @inline(__always)
    static func index(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from < buffer.count, let base = buffer.baseAddress else { return nil }
        // Safe: `from < count`, so the scanned range lies inside `buffer`.
        guard let found = memchr(base + from, Int32(byte), buffer.count - from) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `buffer[range]` equals `lowercase` ignoring ASCII case (`lowercase` holds only lowercase letters
    /// and `-`, so `| 0x20` cannot make a different byte match).
    @inline(__always)
    static func equalsIgnoringCase(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        // Safe: `index` stays below `range.count`, which equals the static string's length (checked above).
        let expected = lowercase.utf8Start
        var index = 0
        for position in range {
            if buffer[position] | 0x20 != expected[index] { return false }
            index += 1
        }
        return true
    }

    /// `range` without leading and trailing SP / HTAB.
    @inline(__always)
    static func trimmed(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isWhitespace(buffer[lower]) { lower += 1 }
        while upper > lower, isWhitespace(buffer[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Calls `body` with each comma-separated element of `buffer[range]`, trimmed, skipping empty ones
    /// (RFC 9110 §5.6.1 lets lists hold empty elements). Stops at the first error.
    @inline(__always)
    static func forEachListElement<E: Error>(
        _ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, _ body: (Range<Int>) throws(E) -> Void
    ) throws(E) {
        var start = range.lowerBound
        while start <= range.upperBound {
            var end = start
            while end < range.upperBound, buffer[end] != comma { end += 1 }
            let element = trimmed(buffer, start..<end)
            if !element.isEmpty { try body(element) }
            start = end + 1
        }
    }

    /// The bytes as text: UTF-8 when valid, else ISO-8859-1 (RFC 9110 §5.5 obs-text), so no byte is lost.
    /// `ascii` says the caller already knows the bytes are ASCII.
    static func string(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>, ascii: Bool) -> String {
        // Safe: the head and line buffers hold bytes (`[UInt8]`, `Data` or a socket read buffer), and the view
        // is only read while `buffer` is alive.
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[range]).assumingMemoryBound(to: UInt8.self)
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid UTF-8 with U+FFFD, so equal bytes mean it was valid.
        if ascii || text.utf8.elementsEqual(bytes) { return text }
        var latin1 = String.UnicodeScalarView()
        for byte in bytes { latin1.append(Unicode.Scalar(byte)) }  // ISO-8859-1 maps each byte to the same scalar
        return String(latin1)
    }

    /// A byte for a message: `'x'` when visible, else `0x0D`.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x" + String(byte, radix: 16, uppercase: true)
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws `HTTP1ParseError` (the standard one only rethrows untyped).
    @inline(__always)
    func withHTTP1Bytes<Result>(_ body: (UnsafeRawBufferPointer) throws(HTTP1ParseError) -> Result) throws(HTTP1ParseError) -> Result {
        let outcome = withUnsafeBytes { buffer in Swift.Result { () throws(HTTP1ParseError) in try body(buffer) } }
        return try outcome.get()
    }
}

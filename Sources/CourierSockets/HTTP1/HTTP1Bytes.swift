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

    /// RFC 9110 `tchar` by table (the same set as `HTTPMethod.isTokenByte`, without its per-call string scan).
    static let tokenTable: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
        }
    }

    /// Whether `byte` is an RFC 9110 token character.
    @inline(__always)
    static func isToken(_ byte: UInt8) -> Bool {
        tokenTable.withUnsafeBufferPointer { $0[Int(byte)] }
    }

    /// Whether `byte` may appear in a field value or reason phrase: VCHAR, obs-text, SP and HTAB.
    @inline(__always)
    static func isFieldContent(_ byte: UInt8) -> Bool {
        byte >= 0x20 ? byte != 0x7F : byte == tab
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
    static func string(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[range])
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }  // ISO-8859-1 maps each byte to the same scalar
        return String(text)
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

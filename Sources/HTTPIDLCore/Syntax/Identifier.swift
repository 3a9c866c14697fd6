/// A name as written in the source, with its range.
package struct Identifier: Sendable, Hashable {
    /// The text.
    package let text: String
    /// Where it is.
    package let range: SourceRange

    /// Creates a name.
    package init(_ text: String, range: SourceRange) {
        self.text = text
        self.range = range
    }

    /// Whether a scalar may appear in an identifier (ASCII letters, digits, `_`).
    static func isValidScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    /// Whether `text` is an identifier: `[A-Za-z_][A-Za-z0-9_]*`.
    static func isValid(_ text: String) -> Bool {
        // Every scalar of an identifier is ASCII, so its UTF-8 bytes answer (a byte of a longer scalar is
        // never an identifier byte), read from the string's contiguous storage when it has one.
        guard let first = text.utf8.first, !(0x30...0x39).contains(first) else { return false }
        let isValidByte = { (byte: UInt8) in byte < 0x80 && isValidScalar(Unicode.Scalar(byte)) }
        return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isValidByte) } ?? text.utf8.allSatisfy(isValidByte)
    }
}

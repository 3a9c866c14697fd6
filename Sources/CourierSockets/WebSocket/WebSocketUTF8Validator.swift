/// Checks UTF-8 as it arrives in pieces (RFC 3629, as RFC 6455 §8.1 requires of text): a sequence may span
/// pieces, and the first invalid byte is reported at once, not at the end of the message.
package struct WebSocketUTF8Validator: Sendable, Hashable {
    /// Continuation bytes still expected by the sequence in progress.
    private var needed = 0
    /// The range of the next continuation byte (narrower right after E0, ED, F0 and F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// A validator at the start of a text.
    package init() {}

    /// Whether the bytes so far end on a character boundary (false in the middle of a sequence).
    package var isComplete: Bool { needed == 0 }

    /// Validates the next piece; returns the index of its first invalid byte, or nil when all of it is valid
    /// so far (the state carries over to the next piece).
    package mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            if needed == 0 {
                // ASCII fast path: eight bytes with no high bit set are eight characters.
                while index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                guard index < count else { break }
                if !start(bytes[index]) { return index }
            } else {
                let byte = bytes[index]
                guard byte >= lower, byte <= upper else { return index }
                needed -= 1
                lower = 0x80
                upper = 0xBF
            }
            index += 1
        }
        return nil
    }

    /// `validate` on a byte array.
    package mutating func validate(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { validate($0) }
    }

    /// Takes a lead byte; false if no character starts with it.
    private mutating func start(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2
        case 0xED: needed = 2; upper = 0x9F  // no UTF-16 surrogates
        case 0xF0: needed = 3; lower = 0x90
        case 0xF1...0xF3: needed = 3
        case 0xF4: needed = 3; upper = 0x8F  // nothing above U+10FFFF
        default: return false  // continuation bytes, overlong C0/C1, F5-FF
        }
        return true
    }
}

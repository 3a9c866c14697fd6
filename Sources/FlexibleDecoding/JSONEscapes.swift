/// Resolves JSON string escapes. The parser has already validated every escape and surrogate pair.
enum JSONEscapes {
    /// Writes the unescaped UTF-8 of `raw` (string contents without quotes) into `output` and returns the
    /// number of bytes written. The output never needs more bytes than the input.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var read = 0
        var written = 0
        let count = raw.count
        while read < count {
            let byte = raw[read]
            if byte != UInt8(ascii: "\\") {
                output[written] = byte
                written += 1
                read += 1
                continue
            }
            let escape = raw[read + 1]
            read += 2
            switch escape {
            case UInt8(ascii: "b"): output[written] = 0x08
            case UInt8(ascii: "f"): output[written] = 0x0C
            case UInt8(ascii: "n"): output[written] = 0x0A
            case UInt8(ascii: "r"): output[written] = 0x0D
            case UInt8(ascii: "t"): output[written] = 0x09
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexValue(raw, at: read))
                read += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    // Validated by the parser: a `\uDC00`–`\uDFFF` escape follows.
                    let low = UInt32(hexValue(raw, at: read + 2))
                    read += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                written += writeUTF8(scalar, into: output, at: written)
                continue
            default: output[written] = escape  // `"`, `\`, `/`
            }
            written += 1
        }
        return written
    }

    /// The value of the four hex digits at `index`.
    static func hexValue(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            value = value << 4 | UInt16(hexDigit(raw[index + offset]) ?? 0)
        }
        return value
    }

    /// The value of one hex digit, or `nil`.
    @inline(__always) static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    private static func writeUTF8(_ scalar: UInt32, into output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            output[index] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            output[index] = UInt8(0xC0 | (scalar >> 6))
            output[index + 1] = UInt8(0x80 | (scalar & 0x3F))
            return 2
        case 0x800..<0x10000:
            output[index] = UInt8(0xE0 | (scalar >> 12))
            output[index + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            output[index + 2] = UInt8(0x80 | (scalar & 0x3F))
            return 3
        default:
            output[index] = UInt8(0xF0 | (scalar >> 18))
            output[index + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
            output[index + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            output[index + 3] = UInt8(0x80 | (scalar & 0x3F))
            return 4
        }
    }
}

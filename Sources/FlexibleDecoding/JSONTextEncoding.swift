import Foundation

/// Detects JSON sent as UTF-16 or UTF-32 (by byte-order mark or by the zero-byte pattern RFC 4627 §3
/// describes), as Foundation's `JSONDecoder` does, so such input can be transcoded to UTF-8 before parsing.
enum JSONTextEncoding {
    /// The encoding of `data` when it is not UTF-8, or `nil` for UTF-8 (the normal case, checked in a
    /// few byte comparisons).
    static func nonUTF8Encoding(of data: UnsafeRawBufferPointer) -> String.Encoding? {
        guard data.count >= 2 else { return nil }
        let b0 = data[0]
        let b1 = data[1]
        // Any of the patterns needs a zero byte or a UTF-16/32 byte-order mark in the first two bytes.
        guard b0 == 0 || b1 == 0 || b0 == 0xFE || b0 == 0xFF else { return nil }
        if data.count >= 4 {
            let b2 = data[2]
            let b3 = data[3]
            switch (b0, b1, b2, b3) {
            case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00): return .utf32
            case (0xFE, 0xFF, _, _), (0xFF, 0xFE, _, _): return .utf16
            case (0x00, 0x00, 0x00, _): return .utf32BigEndian
            case (_, 0x00, 0x00, 0x00): return .utf32LittleEndian
            case (0x00, _, 0x00, _): return .utf16BigEndian
            case (_, 0x00, _, 0x00): return .utf16LittleEndian
            default: return nil
            }
        }
        switch (b0, b1) {
        case (0xFE, 0xFF), (0xFF, 0xFE): return .utf16
        case (0x00, _): return .utf16BigEndian
        case (_, 0x00): return .utf16LittleEndian
        default: return nil
        }
    }
}

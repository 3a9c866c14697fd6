/// The XOR masking of RFC 6455 §5.3, eight bytes at a time.
enum WebSocketMasking {
    /// XORs `buffer` in place with the four-byte `key` (in wire order), the first byte of `buffer` being the
    /// first byte of the payload. Applying it twice restores the data.
    static func apply(key: (UInt8, UInt8, UInt8, UInt8), to buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        let keyBytes = [key.0, key.1, key.2, key.3]
        // The key repeated twice in memory order, so one 64-bit XOR masks eight payload bytes (any endianness).
        let half = keyBytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        let word = UInt64(half) | UInt64(half) << 32
        var position = 0
        while position + 8 <= buffer.count {
            // Safe: `position + 8 <= buffer.count`; unaligned loads and stores of trivial types are allowed.
            let value = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            base.storeBytes(of: value ^ word, toByteOffset: position, as: UInt64.self)
            position += 8
        }
        while position < buffer.count {
            buffer[position] ^= keyBytes[position & 3]
            position += 1
        }
    }

    /// `apply` on a byte array.
    static func apply(key: (UInt8, UInt8, UInt8, UInt8), to bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { apply(key: key, to: $0) }
    }
}

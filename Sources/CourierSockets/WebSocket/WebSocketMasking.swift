/// The XOR masking of RFC 6455 §5.3, eight bytes at a time.
enum WebSocketMasking {
    /// XORs `buffer` in place with the four-byte `key` (in wire order), the first byte of `buffer` being the
    /// first byte of the payload. Applying it twice restores the data.
    static func apply(key: (UInt8, UInt8, UInt8, UInt8), to buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        // The key repeated twice in memory order (`littleEndian:` puts key.0 first on any platform), so one 64-bit
        // XOR masks eight payload bytes.
        let half = UInt32(littleEndian: UInt32(key.0) | UInt32(key.1) << 8 | UInt32(key.2) << 16 | UInt32(key.3) << 24)
        let word = UInt64(half) | UInt64(half) << 32
        let count = buffer.count
        var position = 0
        while position + 32 <= count {
            // Safe: `position + 32 <= count`; unaligned loads and stores of trivial types are allowed. Four words
            // a turn keep the loads independent.
            for offset in stride(from: position, to: position + 32, by: 8) {
                base.storeBytes(of: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ word, toByteOffset: offset, as: UInt64.self)
            }
            position += 32
        }
        while position + 8 <= count {
            base.storeBytes(of: base.loadUnaligned(fromByteOffset: position, as: UInt64.self) ^ word, toByteOffset: position, as: UInt64.self)
            position += 8
        }
        let bytes = word.littleEndian  // the key's bytes from the low end up
        while position < count {
            buffer[position] ^= UInt8(truncatingIfNeeded: bytes >> UInt64((position & 3) * 8))
            position += 1
        }
    }

    /// `apply` on a byte array.
    static func apply(key: (UInt8, UInt8, UInt8, UInt8), to bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { apply(key: key, to: $0) }
    }
}

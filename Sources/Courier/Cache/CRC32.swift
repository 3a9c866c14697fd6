import Foundation

/// CRC-32 (IEEE 802.3, the polynomial zlib and PNG use): the checksum that tells a cache entry file that was cut
/// short or damaged from a whole one.
enum CRC32 {
    /// The checksum of `parts`, as if they were one buffer, e.g. `checksum([Data("123456789".utf8)]) == 0xCBF43926`.
    static func checksum(_ parts: [Data]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for part in parts {
            // Safe: the loop reads only the `count` bytes of the buffer `withUnsafeBytes` lends for this call.
            part.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                for byte in bytes {
                    crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}

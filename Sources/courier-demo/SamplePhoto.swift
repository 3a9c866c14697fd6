import Foundation

/// A stand-in photo for the upload: the PNG signature followed by deterministic pseudo-random bytes, so the
/// server can check the type and the demo can compare what comes back byte for byte.
enum SamplePhoto {
    /// `byteCount` bytes (at least the 8-byte signature) starting with the PNG signature.
    static func make(byteCount: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.reserveCapacity(max(byteCount, data.count))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while data.count < byteCount {
            // xorshift64: cheap, deterministic, and no repeating pattern a chunking bug could hide behind.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            data.append(UInt8(truncatingIfNeeded: state))
        }
        return data
    }
}

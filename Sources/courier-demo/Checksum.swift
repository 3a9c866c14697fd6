import Foundation

/// A 64-bit FNV-1a checksum in hex: the server reports it for an uploaded photo and the demo compares it
/// with the file it sent (not cryptographic; it only has to notice a changed byte).
enum Checksum {
    /// The checksum of `data`, e.g. `"cbf29ce484222325"`.
    static func fnv1a(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

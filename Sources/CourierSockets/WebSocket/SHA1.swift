/// SHA-1 (FIPS 180-4), for the one thing WebSocket needs it for: `Sec-WebSocket-Accept` (RFC 6455 §4.2.2).
/// Not for security: SHA-1 is broken for collisions. Written here because CryptoKit's `Insecure.SHA1` is not
/// on Linux and Courier links no crypto library on Apple platforms.
package enum SHA1 {
    /// The 20-byte digest of `message`.
    package static func hash(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        // Padding: 0x80, zeros to 56 mod 64, then the bit length big-endian.
        var padded = message
        padded.append(0x80)
        padded.append(contentsOf: repeatElement(0, count: (55 - message.count % 64 + 64) % 64))
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        var words = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let at = block + index * 4
                words[index] = UInt32(padded[at]) << 24 | UInt32(padded[at + 1]) << 16 | UInt32(padded[at + 2]) << 8 | UInt32(padded[at + 3])
            }
            for index in 16..<80 { words[index] = rotate(words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1) }
            compress(&state, words)
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return digest
    }

    /// The 80 rounds over one block's message schedule.
    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ words: [UInt32]) {
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let (f, k): (UInt32, UInt32) = switch index {
            case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (b ^ c ^ d, 0xCA62_C1D6)
            }
            let temp = rotate(a, 5) &+ f &+ e &+ k &+ words[index]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}

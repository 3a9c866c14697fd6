/// HPACK's prefixed integers (RFC 7541 §5.1): a value below the prefix's maximum fits in the prefix, a larger
/// one continues in 7-bit groups, least significant first.
enum HPACKInteger {
    /// The largest value accepted: far above any index, string length or table size a block can carry, and
    /// within `Int` on 32-bit platforms.
    static let maximum = Int(Int32.max)

    /// Appends `value` (>= 0) with `prefixBits` (1...8) bits of prefix; `flags` fills the first byte's high bits.
    static func encode(_ value: Int, prefixBits: Int, flags: UInt8, into bytes: inout [UInt8]) {
        let prefixMax = (1 << prefixBits) - 1
        if value < prefixMax {
            bytes.append(flags | UInt8(value))
            return
        }
        bytes.append(flags | UInt8(prefixMax))
        var rest = value - prefixMax
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads an integer with `prefixBits` bits of prefix at `position`, moving past it.
    ///
    /// - Throws: `.truncated` when the block ends inside it, `.integerOverflow` above `maximum`.
    static func decode(_ block: ArraySlice<UInt8>, at position: inout Int, prefixBits: Int) throws(HPACKError) -> Int {
        let prefixMax = (1 << prefixBits) - 1
        var value = Int(block[position]) & prefixMax
        position += 1
        if value < prefixMax { return value }
        var shift = 0
        while true {
            guard position < block.endIndex else { throw HPACKError(.truncated, "the block ends inside an integer") }
            let byte = block[position]
            position += 1
            // 4 groups of 7 bits reach 2^28; a fifth may add at most 2^31 - 1 - value, checked below.
            guard shift <= 28 else { throw HPACKError(.integerOverflow, "an integer runs over 5 continuation bytes") }
            let group = Int(byte & 0x7F)
            guard group <= (maximum - value) >> shift else {
                throw HPACKError(.integerOverflow, "an integer exceeds \(maximum)")
            }
            value += group << shift
            shift += 7
            if byte & 0x80 == 0 { return value }
        }
    }
}

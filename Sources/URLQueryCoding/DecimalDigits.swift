/// Writes non-negative integers as decimal digits, two at a time: the digit count comes from the bit
/// length (no division), and each division by 100 gives two digits read from a 200-byte table.
/// `QueryByteWriter` writes every integer of a query through it; `ISO8601Format` its two-digit fields
/// with the pair table.
enum DecimalDigits {
    /// `"00" "01" … "99"`: the two ASCII digits of `n` at `2 * n`.
    ///
    /// A string literal's bytes, in the binary's read-only data: reading them costs nothing more. A
    /// `static let` table would be initialized lazily, and on Linux every read of a lazy global calls
    /// `swift_once` (17% of the time of a 1,000-integer query, measured with perf).
    @inline(__always)
    static var pairs: UnsafePointer<UInt8> { pairText.utf8Start }

    private static var pairText: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// `10^exponent` for `exponent` in 0...19 (all that fit in a 64-bit `UInt`): a `switch` of constants,
    /// which the compiler turns into a table in read-only data (no lazy global, as for `pairs`).
    @inline(__always)
    static func power(_ exponent: Int) -> UInt {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// The number of decimal digits of `value` for `value` ≥ 1 (0 for 0, which `store` writes itself).
    @inline(__always)
    static func count(_ value: UInt) -> Int {
        // floor(log10(2^bits)) is bits * 1233 >> 12 for bits in 0...64; one comparison corrects it.
        let bits = UInt.bitWidth &- (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) &>> 12
        return value >= power(estimate) ? estimate &+ 1 : estimate
    }

    /// Writes the digits of `value` at `target` (room for 20 bytes) and returns the end of them.
    @inline(__always)
    static func store(_ value: UInt, at target: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if value < 10 {
            target.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            return target + 1
        }
        let end = target + count(value)
        var position = end
        var remaining = value
        let pairs = self.pairs
        while remaining >= 100 {
            let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
            position -= 2
            position[0] = pairs[Int(bitPattern: pair &* 2)]
            position[1] = pairs[Int(bitPattern: pair &* 2 &+ 1)]
            remaining = quotient
        }
        if remaining >= 10 {
            position[-2] = pairs[Int(bitPattern: remaining &* 2)]
            position[-1] = pairs[Int(bitPattern: remaining &* 2 &+ 1)]
        } else {
            position[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
        return end
    }
}

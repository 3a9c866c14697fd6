/// Writes non-negative integers as decimal digits, two at a time: the digit count comes from the bit
/// length (no division), and each division by 100 gives two digits read from a 200-byte table.
/// `QueryByteWriter` writes every integer of a query through it; `ISO8601Format` its two-digit fields
/// with the pair table.
enum DecimalDigits {
    /// `"00" "01" … "99"`: the two ASCII digits of `n` at `2 * n`.
    // `nonisolated(unsafe)` is safe: the table is filled by `makePairs` before the lazy static initializer
    // (run once, thread-safely) publishes the pointer, and it is never written or freed afterwards.
    nonisolated(unsafe) static let pairs: UnsafePointer<UInt8> = makePairs()
    /// `10^n` for `n` in 0...19 (all that fit in a 64-bit `UInt`).
    // `nonisolated(unsafe)` is safe for the same reason: filled by `makePowers` before it is published,
    // read-only ever after.
    nonisolated(unsafe) static let powers: UnsafePointer<UInt> = makePowers()

    /// The number of decimal digits of `value` for `value` ≥ 1 (0 for 0, which `store` writes itself).
    @inline(__always)
    static func count(_ value: UInt) -> Int {
        // floor(log10(2^bits)) is bits * 1233 >> 12 for bits in 0...64; one comparison corrects it.
        let bits = UInt.bitWidth &- (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) &>> 12
        return value >= powers[estimate] ? estimate &+ 1 : estimate
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

    /// Allocates and fills the pair table. It is never freed or written again, so sharing the pointer
    /// between threads is safe (it is read-only after this returns).
    private static func makePairs() -> UnsafePointer<UInt8> {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 200)
        for number in 0..<100 {
            table[2 * number] = UInt8(ascii: "0") + UInt8(number / 10)
            table[2 * number + 1] = UInt8(ascii: "0") + UInt8(number % 10)
        }
        return UnsafePointer(table)
    }

    /// Allocates and fills the table of powers of ten (never freed or written again, as above).
    private static func makePowers() -> UnsafePointer<UInt> {
        let table = UnsafeMutablePointer<UInt>.allocate(capacity: 20)
        var power: UInt = 1
        for exponent in 0..<20 {
            table[exponent] = power
            if exponent < 19 { power *= 10 }
        }
        return UnsafePointer(table)
    }
}

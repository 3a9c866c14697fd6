/// A growable byte buffer written through a raw pointer: the wire writer's hot loop stores bytes with
/// no per-byte uniqueness or bounds bookkeeping. Every write first reserves the room it needs, which
/// is what keeps the pointer arithmetic in bounds.
///
/// A struct that owns manually allocated memory (or starts in memory lent by its owner): the one
/// owner (`QueryWireSink`, used only inside one `URLQueryEncoder` call) calls `deallocate()` exactly
/// once, in a `defer`, and never lets a copy outlive that call.
struct QueryByteWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// `base` was allocated here (so `deallocate()` frees it), not lent by the owner.
    private var ownsBase = true
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A writer that starts in `buffer` (stack memory from `withUnsafeTemporaryAllocation`) and moves
    /// to memory of its own only if it outgrows it. `buffer` must outlive the writer.
    init(startingIn buffer: UnsafeMutableBufferPointer<UInt8>) {
        if let start = buffer.baseAddress, buffer.count >= 16 {
            base = start
            capacity = buffer.count
            ownsBase = false
        } else {
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    }

    /// Frees the memory if it is the writer's own; the writer must not be used afterwards.
    func deallocate() {
        if ownsBase { base.deallocate() }
    }

    var isEmpty: Bool { count == 0 }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Grows eightfold: a large query moves a few times instead of once per doubling, so far fewer
    /// bytes are copied and fewer fresh pages touched (pages of the spare room are never touched).
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 8
        while newCapacity < needed { newCapacity *= 8 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        deallocate()
        base = newBase
        ownsBase = true
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// `%5B` / `%5D` style three-byte sequences.
    @inline(__always)
    mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        reserve(3)
        base[count] = first
        base[count + 1] = second
        base[count + 2] = third
        count += 3
    }

    /// Appends bytes `range` of `other` (e.g. a name prefix).
    mutating func append(from other: QueryByteWriter, range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= other.count else { return }
        reserve(range.count)
        (base + count).update(from: other.base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Forgets everything after the first `newCount` bytes.
    mutating func truncate(to newCount: Int) {
        count = min(max(newCount, 0), count)
    }

    /// Appends the percent-encoded UTF-8 of `string` through a `QueryEscapeTable` (read from the
    /// string's UTF-8 view in place).
    @inline(__always)
    mutating func appendEscaped(_ string: String, table: UnsafePointer<UInt8>) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, table: table) }
        if done == nil {
            var copy = string
            copy.withUTF8 { appendEscaped($0, table: table) }
        }
    }

    /// Appends the percent-encoded form of UTF-8 `source` through `table` (room for the worst case,
    /// three bytes per byte, is reserved first, which keeps every store in bounds).
    @inline(__always)
    mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        let length = source.count
        reserve(length &* 3)
        var output = base + count
        for index in 0..<length {
            let byte = start[index]
            let mapped = table[Int(byte)]
            if mapped != 0 {
                output.pointee = mapped
                output += 1
            } else {
                output[0] = UInt8(ascii: "%")
                output[1] = PercentEncoding.hexDigit(byte &>> 4)
                output[2] = PercentEncoding.hexDigit(byte & 0x0F)
                output += 3
            }
        }
        count = output - base
    }

    /// Appends `value` as `String(value)` writes it: decimal digits, after a `-` when negative.
    @inline(__always)
    mutating func appendInteger(_ value: Int) {
        if value >= 0 {
            appendDecimal(value)
        } else {
            appendNegative(value)
        }
    }

    /// `appendInteger` of a negative value (out of line: rare in queries).
    @inline(never)
    private mutating func appendNegative(_ value: Int) {
        append(UInt8(ascii: "-"))
        if value == .min {
            // |Int.min| is not an Int: write all but the last digit, then the last one.
            appendDecimal(-(value / 10))
            appendDecimal(-(value % 10))
        } else {
            appendDecimal(-value)
        }
    }

    /// Appends the decimal digits of a non-negative integer (`DecimalDigits`: two per division).
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        reserve(20)
        count = DecimalDigits.store(UInt(bitPattern: value), at: base + count) - base
    }

    var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}

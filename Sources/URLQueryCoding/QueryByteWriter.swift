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
    /// The memory lent by the owner was sized for the whole output (from an earlier output's size), so
    /// `reserveForElements` does not move the bytes out of it on an estimate.
    var isPresized = false

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
        isPresized = false
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

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends bytes `range` of `other` (e.g. a name prefix).
    mutating func append(from other: QueryByteWriter, range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= other.count else { return }
        reserve(range.count)
        (base + count).update(from: other.base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Counts `length` bytes written at `base + count` into room reserved before.
    @inline(__always)
    mutating func advance(by length: Int) {
        count &+= length
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

    /// Appends the UTF-8 of `string` as is; `false` (and nothing appended) when it is not all ASCII.
    @inline(__always)
    mutating func appendASCII(_ string: String) -> Bool {
        if let done = string.utf8.withContiguousStorageIfAvailable({ appendASCII($0) }) { return done }
        var copy = string
        return copy.withUTF8 { appendASCII($0) }
    }

    @inline(__always)
    private mutating func appendASCII(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = source.baseAddress else { return true }
        reserve(source.count)
        var bits: UInt8 = 0
        for index in 0..<source.count {
            let byte = start[index]
            bits |= byte
            base[count &+ index] = byte
        }
        guard bits < 0x80 else { return false }
        count += source.count
        return true
    }

    /// Appends `true` or `false` by two word stores (no call into `memmove` for five bytes).
    @inline(__always)
    mutating func appendBool(_ value: Bool) {
        reserve(8)
        let target = UnsafeMutableRawPointer(base + count)
        if value {
            target.storeBytes(of: UInt32(littleEndian: 0x6575_7274), as: UInt32.self)   // "true"
            count &+= 4
        } else {
            target.storeBytes(of: UInt32(littleEndian: 0x736C_6166), as: UInt32.self)   // "fals"
            target.storeBytes(of: UInt8(ascii: "e"), toByteOffset: 4, as: UInt8.self)
            count &+= 5
        }
    }

    /// After the first of `total` array elements was written in `written` bytes, makes room for the
    /// others at the same size and a quarter more: a large array then moves its bytes at most once more,
    /// instead of at every growth step. Nothing when the memory is presized: it fits the whole output
    /// already, as far as anything knows.
    @inline(__always)
    mutating func reserveForElements(after written: Int, total: Int) {
        guard total > 1, written > 0, !isPresized else { return }
        let (estimate, overflow) = written.multipliedReportingOverflow(by: total &- 1)
        guard !overflow, estimate < Int.max / 2 else { return }
        reserve(estimate &+ estimate &>> 2)
    }

    /// Appends the three bytes of `%5B` (`[`).
    @inline(__always)
    mutating func appendOpenBracket() { append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "B")) }

    /// Appends the three bytes of `%5D` (`]`).
    @inline(__always)
    mutating func appendCloseBracket() { append(UInt8(ascii: "%"), UInt8(ascii: "5"), UInt8(ascii: "D")) }

    /// Appends bytes `0..<length` of `other` (a name prefix), with room for `extra` bytes after them.
    @inline(__always)
    mutating func append(prefixOf other: QueryByteWriter, length: Int, reservingExtra extra: Int) {
        reserve(length &+ extra)
        if length > 0 { (base + count).update(from: other.base, count: length) }
        count += length
    }

    /// Appends `&` (unless `first`), the bytes of `prefix` and those of `step`, then `%5B<element>%5D`
    /// when `element` is an index (`%5B%5D` when it is -2, nothing when -1), then `=`: the name of a pair
    /// of the direct path, written through one cursor after one check for room.
    @inline(__always)
    mutating func appendName(first: Bool, prefix: QueryByteWriter, step: QueryWritePlan.Step, element: Int) {
        reserve(prefix.count &+ step.count &+ 32)
        var cursor = base + count
        if !first {
            cursor.pointee = UInt8(ascii: "&")
            cursor += 1
        }
        if prefix.count > 0 { cursor = Self.copySmall(from: UnsafePointer(prefix.base), count: prefix.count, to: cursor) }
        cursor = Self.copySmall(from: step.start, count: step.count, to: cursor)
        if element != -1 {
            cursor[0] = UInt8(ascii: "%")
            cursor[1] = UInt8(ascii: "5")
            cursor[2] = UInt8(ascii: "B")
            cursor += 3
            if element >= 0 { cursor = DecimalDigits.store(UInt(bitPattern: element), at: cursor) }
            cursor[0] = UInt8(ascii: "%")
            cursor[1] = UInt8(ascii: "5")
            cursor[2] = UInt8(ascii: "D")
            cursor += 3
        }
        cursor.pointee = UInt8(ascii: "=")
        count = cursor + 1 - base
    }

    /// Copies `count` bytes (a name: usually a few dozen) without a call into `memmove` and returns
    /// the end of the copy: 16 bytes at a time, the last piece by two overlapping loads and stores of
    /// the widest size that fits (so nothing outside either range is read or written). The ranges do
    /// not overlap.
    @inline(__always)
    private static func copySmall(from source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8> {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if count >= 16 {
            var offset = 0
            while offset &+ 16 < count {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self), toByteOffset: offset &+ 8, as: UInt64.self)
                offset &+= 16
            }
            let last = count &- 16
            let low = from.loadUnaligned(fromByteOffset: last, as: UInt64.self)
            let high = from.loadUnaligned(fromByteOffset: last &+ 8, as: UInt64.self)
            to.storeBytes(of: low, toByteOffset: last, as: UInt64.self)
            to.storeBytes(of: high, toByteOffset: last &+ 8, as: UInt64.self)
        } else if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else if count > 0 {
            // 1 to 3 bytes: the first, the middle and the last (some the same byte).
            let first = source[0], middle = source[count &>> 1], last = source[count &- 1]
            target[0] = first
            target[count &>> 1] = middle
            target[count &- 1] = last
        }
        return target + count
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

    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}

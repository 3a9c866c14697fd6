import Foundation

/// A growable byte buffer the renderer appends its many short parts to: blocks of memory, each twice the
/// size of the one before, and a copy per part without `Array`'s uniqueness and capacity bookkeeping. A full
/// block is kept as it is (its bytes are never copied again until the join), so growing costs no copy and
/// touches no page twice.
///
final class ByteWriter {
    /// A full block: its first byte, the bytes written to it (never 0) and its size.
    private typealias Block = (base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int)

    /// The first byte of the block being written. Safe to use as an unsafe pointer, like those of `earlier`:
    /// every block is allocated by `init` or `startBlock`, freed only by `truncate` (after it stops being used)
    /// or `deinit`, and no pointer into one escapes the methods below.
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written to `base`.
    private var used = 0
    private var capacity: Int
    /// The full blocks before `base`, in order.
    private var earlier: [Block] = []
    /// The bytes in `earlier`.
    private var earlierCount = 0

    /// The bytes written so far.
    var count: Int { earlierCount + used }

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
        for block in earlier { block.base.deallocate() }
    }

    /// Makes room for `extra` more bytes in the block being written.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if used + extra > capacity { startBlock(extra) }
    }

    /// Keeps the block being written (unless it is empty) and starts one with room for `extra` bytes.
    private func startBlock(_ extra: Int) {
        if used > 0 {
            earlier.append((base, used, capacity))
            earlierCount += used
        } else {
            base.deallocate()
        }
        var newCapacity = capacity * 2
        while newCapacity < extra { newCapacity *= 2 }
        base = .allocate(capacity: newCapacity)
        capacity = newCapacity
        used = 0
    }

    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    func append(_ text: String) {
        // Native and small strings are contiguous UTF-8; a bridged string would be copied once by `utf8`.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// Appends some bytes.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        Self.copy(UnsafeRawPointer(source), to: UnsafeMutableRawPointer(base + used), count: bytes.count)
        used += bytes.count
    }

    /// Copies `count` bytes from `source` to `target`. Most parts are a few bytes (a keyword, a name,
    /// punctuation), for which the setup of a `memcpy` call is most of the work: up to 16 bytes are copied
    /// with two loads and two stores that overlap in the middle (each reads and writes only inside the
    /// `count` bytes, so nothing past either range is touched). Unaligned loads and stores of `UInt64` and
    /// `UInt32` are allowed for raw pointers, and the bytes are a trivial type.
    @inline(__always)
    private static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8, count <= 16 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4, count < 8 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else if count > 0, count < 4 {
            // 1 to 3 bytes: the first, the middle and the last (some of them the same byte).
            let first = source.load(as: UInt8.self)
            let middle = source.load(fromByteOffset: count >> 1, as: UInt8.self)
            let last = source.load(fromByteOffset: count - 1, as: UInt8.self)
            target.storeBytes(of: first, as: UInt8.self)
            target.storeBytes(of: middle, toByteOffset: count >> 1, as: UInt8.self)
            target.storeBytes(of: last, toByteOffset: count - 1, as: UInt8.self)
        } else if count > 16 {
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        (base + used).initialize(to: byte)
        used += 1
    }

    /// Appends `byte` `times` times.
    func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        reserve(times)
        if times >= 8, times <= 16 {
            // An indentation of 8 to 16 spaces: two overlapping stores of eight bytes instead of a `memset` call
            // (inside the `times` bytes reserved above; unaligned stores are allowed for raw pointers).
            let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
            let target = UnsafeMutableRawPointer(base + used)
            target.storeBytes(of: pattern, as: UInt64.self)
            target.storeBytes(of: pattern, toByteOffset: times - 8, as: UInt64.self)
        } else {
            (base + used).initialize(repeating: byte, count: times)
        }
        used += times
    }

    /// The last byte written, if any.
    var last: UInt8? {
        if used > 0 { return base[used - 1] }
        return earlier.last.map { $0.base[$0.count - 1] }
    }

    /// Drops the bytes from `offset` on.
    func truncate(to offset: Int) {
        let offset = min(count, max(0, offset))
        while offset < earlierCount {
            base.deallocate()
            let block = earlier.removeLast()
            (base, used, capacity) = block
            earlierCount -= block.count
        }
        used = offset - earlierCount
    }

    /// Calls `body` with the bytes from `offset` on, block by block in order.
    private func forEachPart(from offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var blockStart = 0
        for block in earlier {
            let blockEnd = blockStart + block.count
            if offset < blockEnd {
                let skip = max(0, offset - blockStart)
                body(UnsafeBufferPointer(start: block.base + skip, count: block.count - skip))
            }
            blockStart = blockEnd
        }
        let skip = max(0, offset - earlierCount)
        body(UnsafeBufferPointer(start: base + skip, count: used - skip))
    }

    /// The number of characters in the bytes from `offset` on (the byte count when they are all ASCII).
    func characterCount(from offset: Int) -> Int {
        func characters(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
            return String(decoding: bytes, as: UTF8.self).count
        }
        if offset >= earlierCount {
            return characters(UnsafeBufferPointer(start: base + (offset - earlierCount), count: used - (offset - earlierCount)))
        }
        // The bytes span blocks: joined first, so a character split between two blocks counts once.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count - offset)
        forEachPart(from: offset) { bytes.append(contentsOf: $0) }
        return bytes.withUnsafeBufferPointer(characters)
    }

    /// Copies every byte written to `target` (room for `count` bytes).
    private func copy(to target: UnsafeMutablePointer<UInt8>) {
        var offset = 0
        forEachPart(from: 0) { part in
            if let source = part.baseAddress { (target + offset).initialize(from: source, count: part.count) }
            offset += part.count
        }
    }

    /// The bytes written, as a string (they are UTF-8: every part appended was a `String`).
    var string: String { Self.string(joining: [self]) }

    /// The bytes of `writers` one after the other, copied once, straight into the string's storage.
    static func string(joining writers: [ByteWriter]) -> String {
        let total = writers.reduce(0) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            guard var target = buffer.baseAddress else { return 0 }
            // Safe: the counts add up to `total`, the capacity, so each copy stays inside the buffer.
            for writer in writers {
                writer.copy(to: target)
                target += writer.count
            }
            return total
        }
    }
}

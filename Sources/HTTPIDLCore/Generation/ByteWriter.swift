import Foundation

/// A growable byte buffer the renderer appends its many short parts to: one allocation that doubles when
/// full, and a copy per part without `Array`'s uniqueness and capacity bookkeeping.
///
/// `@unchecked Sendable` is safe here: a writer is filled by one renderer on one thread and only then handed
/// over (through `ChunkResults`, under its lock) to the thread that joins the chunks; it is never used by two
/// threads at once.
final class ByteWriter: @unchecked Sendable {
    /// The first byte. Safe to use as an unsafe pointer: it is allocated by `init`, reallocated only by
    /// `reserve`, freed only by `deinit`, and no pointer into it escapes the methods below.
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes written so far.
    private(set) var count = 0
    private var capacity: Int

    /// Creates an empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
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
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        (base + count).initialize(to: byte)
        count += 1
    }

    /// Appends `byte` `times` times.
    func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        reserve(times)
        (base + count).initialize(repeating: byte, count: times)
        count += times
    }

    /// The last byte written, if any.
    var last: UInt8? { count == 0 ? nil : base[count - 1] }

    /// Drops the bytes from `offset` on.
    func truncate(to offset: Int) {
        count = min(count, max(0, offset))
    }

    /// The number of characters in the bytes from `offset` on (the byte count when they are all ASCII).
    func characterCount(from offset: Int) -> Int {
        let bytes = UnsafeBufferPointer(start: base + offset, count: count - offset)
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        return String(decoding: bytes, as: UTF8.self).count
    }


    /// The bytes written, as a string (they are UTF-8: every part appended was a `String`).
    var string: String { Self.string(joining: [self]) }

    /// The bytes of `writers` one after the other, copied once, straight into the string's storage; a large
    /// output is copied on all cores (the copy and the first touch of the new pages dominate).
    static func string(joining writers: [ByteWriter]) -> String {
        var offsets: [Int] = []
        offsets.reserveCapacity(writers.count)
        var total = 0
        for writer in writers {
            offsets.append(total)
            total += writer.count
        }
        return String(unsafeUninitializedCapacity: total) { buffer in
            guard let target = buffer.baseAddress else { return 0 }
            // Safe to share `target` with the copying threads: each writes only its own writer's range of the
            // buffer (the offsets add up the counts, `total` is the capacity), and `concurrentPerform` returns
            // only after every copy is done, inside this closure.
            let copy = { (index: Int) in
                (target + offsets[index]).initialize(from: writers[index].base, count: writers[index].count)
            }
            if total >= parallelJoinBytes, writers.count > 1 {
                nonisolated(unsafe) let shared = copy
                DispatchQueue.concurrentPerform(iterations: writers.count) { shared($0) }
            } else {
                for index in writers.indices { copy(index) }
            }
            return total
        }
    }

    /// The output size from which `string(joining:)` copies on all cores.
    static var parallelJoinBytes: Int { 1 << 22 }
}

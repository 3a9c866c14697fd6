#if canImport(Glibc)
import Glibc
#endif

/// Large new buffers backed by huge pages where the system allows it (Linux with transparent huge pages in
/// `madvise` mode). The first touch of each 4 KiB page of fresh memory is a page fault, and for the 40 MB of
/// Swift that a large input generates (written once into the chunks' buffers and once into the joined string),
/// or the 16 MB of scalars of its 4 MB of text, those faults cost more than writing the bytes. Elsewhere, and
/// for small buffers, nothing changes.
enum LargePages {
    /// The huge page size on x86-64 (and the usual one of 64-bit ARM Linux).
    static var hugePageBytes: Int { 1 << 21 }

    /// Blocks from this size on are allocated in whole huge pages (`allocateBlock`).
    static var blockThreshold: Int { 1 << 20 }

    /// A block of at least `capacity` bytes for `ByteWriter`, released with `deallocate()`. From
    /// `blockThreshold` on (on Linux) its size is rounded up to whole huge pages, returned in `capacity`, and
    /// it is aligned to and advised as huge pages. `free` releases such an aligned block like any other on
    /// Linux, which is what `deallocate()` calls.
    static func allocateBlock(capacity: inout Int) -> UnsafeMutablePointer<UInt8> {
        #if os(Linux)
        if capacity >= blockThreshold {
            capacity = (capacity + hugePageBytes - 1) / hugePageBytes * hugePageBytes
            let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: hugePageBytes)
            advise(raw, byteCount: capacity)
            return raw.bindMemory(to: UInt8.self, capacity: capacity)
        }
        #endif
        return .allocate(capacity: capacity)
    }

    /// Advises the whole huge pages inside `byteCount` bytes at `start` (memory not written yet: the advice
    /// applies from the first touch). Only advice: the contents and validity of the memory do not change, and
    /// a failure (no transparent huge pages) is ignored.
    static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        let mask = UInt(hugePageBytes - 1)
        let first = (UInt(bitPattern: start) + mask) & ~mask
        let end = (UInt(bitPattern: start) + UInt(byteCount)) & ~mask
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, Int(end - first), MADV_HUGEPAGE)
        #endif
    }
}

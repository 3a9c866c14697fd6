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

    /// Blocks from this size on are mapped in whole huge pages (`allocateBlock`), and buffers from this size
    /// on are worth advising.
    static var blockThreshold: Int { 1 << 20 }

    /// A block of at least `capacity` bytes for `ByteWriter`, released with `deallocateBlock` and the
    /// `capacity` this returns. From `blockThreshold` on (on Linux) the block is a mapping of its own, in whole
    /// huge pages aligned to one (its size returned in `capacity`), advised as huge pages: unmapped when
    /// released, so the advice never outlives it (advised memory that the allocator reused for small objects
    /// would make each first touch there take a whole huge page).
    static func allocateBlock(capacity: inout Int) -> UnsafeMutablePointer<UInt8> {
        #if os(Linux)
        if capacity >= blockThreshold {
            capacity = (capacity + hugePageBytes - 1) / hugePageBytes * hugePageBytes
            // One huge page more than needed, then the unaligned head and the rest of the tail unmapped.
            let mapped = capacity + hugePageBytes
            guard let raw = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
                fatalError("out of memory: cannot map \(mapped) bytes")
            }
            let start = UInt(bitPattern: raw)
            let aligned = (start + UInt(hugePageBytes - 1)) & ~UInt(hugePageBytes - 1)
            let head = Int(aligned - start)
            if head > 0 { munmap(raw, head) }
            let tail = mapped - head - capacity
            if tail > 0, let end = UnsafeMutableRawPointer(bitPattern: aligned + UInt(capacity)) { munmap(end, tail) }
            // Safe: `aligned` is inside the mapping, which now spans exactly `capacity` bytes from it.
            let base = UnsafeMutableRawPointer(bitPattern: aligned)!
            _ = madvise(base, capacity, MADV_HUGEPAGE)
            return base.bindMemory(to: UInt8.self, capacity: capacity)
        }
        #endif
        return .allocate(capacity: capacity)
    }

    /// Releases a block from `allocateBlock` of `capacity` bytes (as it returned).
    static func deallocateBlock(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        #if os(Linux)
        if capacity >= blockThreshold {
            munmap(UnsafeMutableRawPointer(base), capacity)
            return
        }
        #endif
        base.deallocate()
    }

    /// Advises the whole huge pages inside `byteCount` bytes at `start` (memory not written yet: the advice
    /// applies from the first touch). For buffers that the allocator maps on their own (a large string's or
    /// array's storage), which are unmapped when freed. Only advice: the contents and validity of the memory
    /// do not change, and a failure (no transparent huge pages) is ignored.
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

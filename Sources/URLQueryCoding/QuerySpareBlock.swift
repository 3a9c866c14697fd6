import Foundation

/// One block of memory kept from a large tree for the next one: a query of thousands of values
/// would otherwise map fresh memory from the system on every `encode` call (malloc hands blocks of
/// that size back to the system when they are freed) and copy it as it doubles. Held by the
/// encoder's `QueryEncodingContext`, so it lives as long as the `URLQueryEncoder` configuration;
/// only blocks from `minimumCapacity` to `maximumBytes` are kept, and only the largest seen.
///
/// `@unchecked Sendable` is safe: `block` is read and written only while `lock` is held, and a block
/// taken out belongs to the one storage that took it until it is given back.
final class QuerySpareBlock<Element>: @unchecked Sendable {
    /// Blocks smaller than this are the storage's first ones, freed as usual (no lock on small queries).
    static var minimumCapacity: Int { 1024 }
    private static var maximumBytes: Int { 8 << 20 }

    private let lock = NSLock()
    private var block: UnsafeMutableBufferPointer<Element>?

    /// The kept block if it holds at least `capacity` elements (it is no longer kept), else `nil`.
    func take(capacity: Int) -> UnsafeMutableBufferPointer<Element>? {
        lock.lock()
        defer { lock.unlock() }
        guard let block, block.count >= capacity else { return nil }
        self.block = nil
        return block
    }

    /// Keeps `memory` (uninitialized) for the next tree, or frees it (or the smaller kept block).
    func give(_ memory: UnsafeMutableBufferPointer<Element>) {
        guard memory.count >= Self.minimumCapacity,
              memory.count <= Self.maximumBytes / MemoryLayout<Element>.stride else {
            memory.deallocate()
            return
        }
        // The smaller of the two blocks goes back to the system.
        let freed: UnsafeMutableBufferPointer<Element>?
        lock.lock()
        if let kept = block, kept.count >= memory.count {
            freed = memory
        } else {
            freed = block
            block = memory
        }
        lock.unlock()
        freed?.deallocate()
    }

    deinit {
        block?.deallocate()
    }
}

/// The growable storage of the nodes or the entries of the encoder's tree.
///
/// Manually managed memory rather than an `Array`: appending and writing need no uniqueness check, and
/// freeing destroys the elements in code specialized for their type instead of through the generic array
/// witnesses, per element. The one owner, a `QueryEncodingTree`, copies it out only to read or write
/// elements in place (never to append), and calls `release(spare:)` exactly once, from its `deinit`.
///
/// Past `QuerySpareBlock.minimumCapacity` elements, its memory comes from and goes back to the
/// `spare` block its owner passes in (not stored, so copying the storage retains nothing; and read by
/// the owner only when the storage is full, which keeps it off the path of every `append`).
struct QueryNodeStorage<Element> {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0

    /// The element at `index`, read or written in place. Every index comes from the owner's tree and
    /// is below `count` (checked in debug builds), so the address is that of a live element. The
    /// copies of the storage that write through this share the owner's memory, which stays put until
    /// the owner's next `append`.
    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count)
            return UnsafePointer(base.unsafelyUnwrapped + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count)
            return base.unsafelyUnwrapped + index
        }
    }

    /// Storage with room for `capacity` elements (below `QuerySpareBlock.minimumCapacity`).
    init(capacity: Int) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// Storage that allocates on its first `grow(spare:)`.
    init() {}

    /// Whether `grow(spare:)` must run before the next `append`.
    var isFull: Bool { count == capacity }

    /// Appends `element`; the storage must not be full.
    @inline(__always)
    mutating func append(_ element: Element) {
        assert(!isFull)
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Doubles the room for elements.
    mutating func grow(spare: QuerySpareBlock<Element>) {
        let newCapacity = Swift.max(16, capacity * 2)
        let memory = (newCapacity >= QuerySpareBlock<Element>.minimumCapacity ? spare.take(capacity: newCapacity) : nil)
            ?? UnsafeMutableBufferPointer.allocate(capacity: newCapacity)
        // A block of at least `newCapacity` (> 0) elements has a base address.
        let newBase = memory.baseAddress.unsafelyUnwrapped
        if let base {
            newBase.moveInitialize(from: base, count: count)
            free(UnsafeMutableBufferPointer(start: base, count: capacity), spare: spare)
        }
        base = newBase
        capacity = memory.count
    }

    /// Frees uninitialized memory of this storage: large blocks go to `spare`.
    private func free(_ memory: UnsafeMutableBufferPointer<Element>, spare: QuerySpareBlock<Element>) {
        if memory.count >= QuerySpareBlock<Element>.minimumCapacity {
            spare.give(memory)
        } else {
            memory.deallocate()
        }
    }

    /// Destroys the elements and frees the memory; the storage must not be used afterwards.
    func release(spare: QuerySpareBlock<Element>) {
        guard let base else { return }
        // One element at a time, moved out and dropped: destroyed by code specialized for `Element`
        // (`deinitialize(count:)` goes through the runtime's generic array destroy).
        for index in 0..<count { _ = (base + index).move() }
        free(UnsafeMutableBufferPointer(start: base, count: capacity), spare: spare)
    }
}

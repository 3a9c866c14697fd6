/// The growable storage of an object's entries or an array's elements in the encoder's tree.
///
/// Manually managed memory rather than an `Array`: appending needs no uniqueness check, and freeing
/// destroys the elements in code specialized for their type instead of through the generic array
/// witnesses, per element. The one owner, a `QueryValueEncoder`, never copies it out and calls
/// `release()` exactly once, from its `deinit`.
struct QueryNodeStorage<Element> {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0

    /// The elements in order, read or reordered in place (valid until the next `append`).
    var buffer: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Makes room for `minimumCapacity` elements in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: Swift.max(8, capacity * 2)) }
        // `grow` has just allocated when `base` was nil.
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    private mutating func grow(to newCapacity: Int) {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    /// Destroys the elements and frees the memory; the storage must not be used afterwards.
    func release() {
        guard let base else { return }
        // One element at a time, moved out and dropped: destroyed by code specialized for `Element`
        // (`deinitialize(count:)` goes through the runtime's generic array destroy).
        for index in 0..<count { _ = (base + index).move() }
        base.deallocate()
    }
}

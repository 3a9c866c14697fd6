/// A growable stack of plain values for `QueryStreamEncoder`'s levels and entries, starting in memory
/// lent by the caller (stack memory, so a small query allocates nothing for it) and moving to memory
/// of its own only when it outgrows it.
///
/// Its one owner (`QueryStreamEncoder`, used inside one `encode` call) calls `deallocate()` exactly
/// once and never reads past `count`; every index used is below `count` (checked by the callers'
/// level bookkeeping), which keeps the pointer arithmetic in bounds.
struct QueryStreamStack<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int
    /// `base` was allocated here (so `deallocate()` frees it), not lent by the owner.
    private var ownsBase = false

    /// A stack that starts in `buffer`, which must outlive it.
    init(startingIn buffer: UnsafeMutableBufferPointer<Element>) {
        if let start = buffer.baseAddress, buffer.count > 0 {
            base = start
            capacity = buffer.count
        } else {
            capacity = 8
            base = .allocate(capacity: capacity)
            ownsBase = true
        }
    }

    /// Frees the memory if it is the stack's own; the stack must not be used afterwards.
    func deallocate() {
        if ownsBase { base.deallocate() }
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// The last element (the stack must not be empty).
    @inline(__always)
    var last: Element { base[count - 1] }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the last element (the stack must not be empty).
    @inline(__always)
    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Forgets everything after the first `newCount` elements.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        count = min(max(newCount, 0), count)
    }

    /// Elements `start..<count`, for reading in place (valid until the next `append`).
    @inline(__always)
    func elements(from start: Int) -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    private mutating func grow() {
        let newCapacity = capacity * 4
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        deallocate()
        base = newBase
        ownsBase = true
        capacity = newCapacity
    }
}

import Synchronization

/// The `QueryWritePlan`s of one encoder configuration (one `QueryEncodingContext`), by type identity:
/// at most one plan per `URLQueryWritable` type, built on first use and kept as long as the cache.
///
/// The plans live in a dictionary behind a `Mutex`. In front of it, 64 atomic slots hold recently
/// used plans (the slot picked by the type's identity), so a lookup usually costs one atomic load,
/// no lock and no reference counting. A plan is built outside the lock (the key strategy may run user code); the first one
/// stored wins.
///
/// `@unchecked Sendable`: `slots` and `sizeHints` point at atomics, allocated and initialized in `init`, freed in
/// `deinit`, and only ever read and written through atomic operations in between. Each slot holds an
/// unretained reference to a plan that `plans` keeps alive for the cache's whole life, so reading
/// a slot and retaining what it names is safe from any thread.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class QueryWritePlanCache: @unchecked Sendable {
    private static let slotCount = 64
    private let plans = Mutex<[ObjectIdentifier: QueryWritePlan]>([:])
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    /// Per slot, the room the last query string written from a type of that slot needed, and a little
    /// more (0: none yet). Only a hint: a type sharing the slot can overwrite it.
    private let sizeHints: UnsafeMutablePointer<Atomic<Int>>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        sizeHints = .allocate(capacity: Self.slotCount)
        for index in 0..<Self.slotCount {
            (slots + index).initialize(to: Atomic(0))
            (sizeHints + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        sizeHints.deinitialize(count: Self.slotCount)
        sizeHints.deallocate()
    }

    /// How many bytes to make room for when writing a query string of the type with identity
    /// `identity`: what the last one needed, with an eighth more; 0 when there was none yet.
    @inline(__always)
    func sizeHint(for identity: ObjectIdentifier) -> Int {
        sizeHints[Self.slot(of: identity)].load(ordering: .relaxed)
    }

    /// Remembers that a query string of the type with identity `identity` took `count` bytes.
    @inline(__always)
    func noteSize(_ count: Int, for identity: ObjectIdentifier) {
        let room = count &+ count &>> 3 &+ 16
        let slot = Self.slot(of: identity)
        // Stored only when it changed: queries of one size read the cache line without writing it.
        if sizeHints[slot].load(ordering: .relaxed) != room { sizeHints[slot].store(room, ordering: .relaxed) }
    }

    /// The slot that holds the plan of the type with identity `identity` when it was used last.
    @inline(__always)
    private static func slot(of identity: ObjectIdentifier) -> Int {
        // Type metadata is aligned: mix bits above the alignment (no hashing on this path).
        let raw = UInt(bitPattern: identity)
        return Int(truncatingIfNeeded: ((raw &>> 4) ^ (raw &>> 10)) & UInt(Self.slotCount - 1))
    }

    /// The layout of the plan of the type with identity `identity` when its slot holds it (the usual
    /// case), `nil` otherwise. It stays valid as long as the cache.
    @inline(__always)
    func cachedLayout(for identity: ObjectIdentifier) -> QueryWritePlan.Layout? {
        let bits = slots[Self.slot(of: identity)].load(ordering: .acquiring)
        guard let address = UnsafeRawPointer(bitPattern: bits) else { return nil }
        // Read through the unretained reference (`plans` keeps the plan alive): no retain.
        return Unmanaged<QueryWritePlan>.fromOpaque(address)._withUnsafeGuaranteedRef { plan in
            plan.type == identity ? plan.layout : nil
        }
    }

    /// The layout of the plan of `type` under `context` (the context this cache belongs to), built
    /// first if there is none, and put in the type's slot. It stays valid as long as the cache.
    func layout<T: URLQueryWritable>(for type: T.Type, context: QueryEncodingContext) -> QueryWritePlan.Layout {
        let identity = ObjectIdentifier(type)
        if let found = cachedLayout(for: identity) { return found }
        let plan = storedPlan(for: type, context: context)
        slots[Self.slot(of: identity)].store(Int(bitPattern: Unmanaged.passUnretained(plan).toOpaque()), ordering: .releasing)
        return plan.layout
    }

    /// The plan in the dictionary, built and stored first if there is none.
    private func storedPlan<T: URLQueryWritable>(for type: T.Type, context: QueryEncodingContext) -> QueryWritePlan {
        let identity = ObjectIdentifier(type)
        if let plan = plans.withLock({ $0[identity] }) { return plan }
        let made = QueryWritePlan(type: identity, names: T.queryFieldNames, context: context)
        return plans.withLock { plans in
            if let existing = plans[identity] { return existing }
            plans[identity] = made
            return made
        }
    }
}

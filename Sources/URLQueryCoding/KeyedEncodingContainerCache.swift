/// Keyed encoding containers an `Encoder` keeps for reuse, at most one per `CodingKey` type.
///
/// `KeyedEncodingContainer.init` wraps a container in a new instance of a generic box class: finding the
/// container's metadata, its conformance and the box's metadata are run-time hash lookups, plus an
/// allocation and a deallocation, for every object encoded. Nearly every container dies when the
/// `encode(to:)` that asked for it returns, so the next object encoded with the same key type can get the
/// same box, with the state its container reads (an object the encoder owns) pointed at the new object.
///
/// A box is reused only while the cache holds the one reference to it (`isKnownUniquelyReferenced`): a
/// container some code still holds — the parent of a recursive type, or one that user code stored — is
/// never touched; its requester gets a fresh container instead.
///
/// The cache is not generic (callers pass key types as `ObjectIdentifier`s and boxes as `AnyObject`s), so
/// it costs no metadata lookup of its own in the unspecialized code that asks for containers. The caller
/// turns a box back into its `KeyedEncodingContainer<Key>` with `unsafeBitCast`, which `supportsReuse`
/// checked is exactly that one reference.
package struct KeyedEncodingContainerCache {
    /// What `lookUp` found for a key type.
    package enum Lookup {
        /// A box (of a `KeyedEncodingContainer` of the key type) nobody else holds, with the state its
        /// container reads: set the state up for the new object and hand out the box.
        case reuse(box: AnyObject, state: AnyObject)
        /// Make a fresh container, and `keep` it: the key type was asked for before.
        case keep
        /// Make a fresh container and drop it afterwards (a first request: a single object caches
        /// nothing, as taking the box out of a container costs a metadata lookup of its own; a box still
        /// held elsewhere; or a full cache).
        case fresh
    }

    private struct Entry {
        let keyType: ObjectIdentifier
        /// Optional because `isKnownUniquelyReferenced` on a plain `AnyObject` reports `false` for a
        /// unique object in unoptimized Swift 6 builds; on an `AnyObject?` it answers right in every build.
        var box: AnyObject?
        /// The state the cached container reads (`nil` with `box`).
        var state: AnyObject?
        /// The key type was asked for at least twice.
        var wanted = false
    }

    /// The first key type's entry, held in line: an encode with one key type allocates no array.
    private var first: Entry?
    /// The other key types' entries (few occur in one encode; the scan stops at the first match).
    private var others: [Entry] = []

    /// A cache holds at most this many key types; beyond, containers are made fresh.
    private static var capacity: Int { 16 }

    /// An empty cache (for an encoder whose key types are not known yet).
    package init() {}

    /// What to do for a container of the key type `keyType` (always `.fresh` when `supportsReuse` is false).
    @inline(__always)
    package mutating func lookUp(_ keyType: ObjectIdentifier) -> Lookup {
        if first?.keyType == keyType { return Self.lookUp(in: &first!) }
        return lookUpOthers(keyType)
    }

    private mutating func lookUpOthers(_ keyType: ObjectIdentifier) -> Lookup {
        var slot = 0
        while slot < others.count {
            if others[slot].keyType == keyType { return Self.lookUp(in: &others[slot]) }
            slot += 1
        }
        guard Self.supportsReuse else { return .fresh }
        if first == nil {
            first = Entry(keyType: keyType)
        } else if others.count + 1 < Self.capacity {
            // Room for every key type at once: one allocation, not one per doubling.
            if others.isEmpty { others.reserveCapacity(Self.capacity - 1) }
            others.append(Entry(keyType: keyType))
        }
        return .fresh
    }

    @inline(__always)
    private static func lookUp(in entry: inout Entry) -> Lookup {
        guard entry.state != nil else {
            if entry.wanted { return .fresh }
            entry.wanted = true
            return .keep
        }
        guard isKnownUniquelyReferenced(&entry.box), let box = entry.box, let state = entry.state else { return .fresh }
        return .reuse(box: box, state: state)
    }

    /// Keeps `box` (a `KeyedEncodingContainer` of the key type, cast to its one reference) and the state
    /// its container reads, after `lookUp` said `.keep`.
    package mutating func keep(box: AnyObject, state: AnyObject, for keyType: ObjectIdentifier) {
        if first?.keyType == keyType {
            first!.box = box
            first!.state = state
            return
        }
        for slot in others.indices where others[slot].keyType == keyType {
            others[slot].box = box
            others[slot].state = state
            return
        }
    }

    /// Drops every cached container (their states usually refer to the encoder, which holds this cache).
    package mutating func removeAll() {
        first = nil
        others.removeAll()
    }

    /// Whether a `KeyedEncodingContainer` is, as this cache assumes, a single reference to a box that
    /// stays alive exactly as long as some copy of the container does. `KeyedEncodingContainer`'s layout is
    /// not public API, so this is checked once per process by trying it; if the standard library ever
    /// stores it differently, containers are simply never reused.
    package static let supportsReuse: Bool = {
        typealias Container = KeyedEncodingContainer<QueryCodingKey>
        guard MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size else { return false }
        // Tried on the tree encoder's keyed container, which appends what it is handed to its encoder.
        let encoder = QueryValueEncoder(context: URLQueryEncoder().context)
        var box: AnyObject? = unsafeBitCast(encoder.container(keyedBy: QueryCodingKey.self), to: AnyObject.self)
        // The container value is gone: its box must be ours alone, shared while a copy of the container
        // exists, ours alone again once the copy is gone, and the copy must write into the encoder.
        guard isKnownUniquelyReferenced(&box) else { return false }
        let sharedAndWrites: Bool = {
            guard var copy = box.map({ unsafeBitCast($0, to: Container.self) }) else { return false }
            let shared = !isKnownUniquelyReferenced(&box)
            try? copy.encode(7, forKey: QueryCodingKey(stringValue: "k"))
            return shared && encoder.entries.count == 1
        }()
        return sharedAndWrites && isKnownUniquelyReferenced(&box)
    }()
}

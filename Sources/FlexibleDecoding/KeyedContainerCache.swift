import Foundation

/// Keyed containers a `JSONTreeDecoder` keeps for reuse, at most one per `CodingKey` type.
///
/// `KeyedDecodingContainer.init` wraps a container in a new instance of a generic box class: finding the
/// box's metadata, the container's metadata and its conformance are three run-time hash lookups, plus an
/// allocation and a deallocation — about a seventh of a records decode. Nearly every container dies when the
/// `init(from:)` that asked for it returns, so the next object decoded with the same key type can get the
/// same box, its `JSONKeyedContainerState` pointed at the new object.
///
/// A box is reused only while the cache holds the one reference to it (`isKnownUniquelyReferenced`): a
/// container some code still holds — the parent of a recursive type, or one that user code stored — is never
/// touched; its requester gets a fresh container instead.
struct KeyedContainerCache {
    private struct Entry {
        let keyType: ObjectIdentifier
        /// The box of a `KeyedDecodingContainer` whose container points at `state`; `nil` while the key
        /// type was asked for only once (a single object caches nothing: taking the box out of a container
        /// costs a metadata lookup of its own). Optional also because `isKnownUniquelyReferenced` on a plain
        /// `AnyObject` reports `false` for a unique object in unoptimized Swift 6 builds; on an
        /// `AnyObject?` it answers right in every build.
        var box: AnyObject?
        /// The state the cached container points to (`nil` with `box`).
        var state: JSONKeyedContainerState?
    }

    /// The first key type's entry, held in line: a decode of a single object then allocates no array.
    private var first: Entry?
    /// The other key types' entries (few occur in one decode; the scan stops at the first match).
    private var others: [Entry] = []

    /// A cache holds at most this many key types; beyond, containers are made fresh.
    private static var capacity: Int { 16 }

    /// A keyed container for the object at `object`, reusing this key type's box when nobody else holds it.
    mutating func container<Key: CodingKey>(
        _: Key.Type, decoder: JSONTreeDecoder, object: Int, depth: Int, extras: JSONContainerExtras?
    ) -> KeyedDecodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        if first?.keyType == keyType {
            return Self.container(from: &first!, Key.self, decoder: decoder, object: object, depth: depth, extras: extras)
        }
        var slot = 0
        while slot < others.count {
            if others[slot].keyType == keyType {
                return Self.container(from: &others[slot], Key.self, decoder: decoder, object: object, depth: depth, extras: extras)
            }
            slot += 1
        }
        if first == nil {
            first = Entry(keyType: keyType, box: nil, state: nil)
        } else if others.count + 1 < Self.capacity {
            others.append(Entry(keyType: keyType, box: nil, state: nil))
        }
        return Self.fresh(Key.self, state: JSONKeyedContainerState(decoder: decoder, object: object, depth: depth, extras: extras))
    }

    /// The entry's container pointed at `object` when its box is free; otherwise a new container, which the
    /// entry caches if it has none yet.
    @inline(__always)
    private static func container<Key: CodingKey>(
        from entry: inout Entry, _: Key.Type, decoder: JSONTreeDecoder, object: Int, depth: Int, extras: JSONContainerExtras?
    ) -> KeyedDecodingContainer<Key> {
        if let state = entry.state {
            guard isKnownUniquelyReferenced(&entry.box), let box = entry.box else {
                return fresh(Key.self, state: JSONKeyedContainerState(decoder: decoder, object: object, depth: depth, extras: extras))
            }
            state.object = object
            state.depth = depth
            state.extras = extras
            // `box` is the box of a `KeyedDecodingContainer<Key>` (the entry was made for `Key` below), and
            // `supportsReuse` checked that such a container is exactly that one reference.
            return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
        }
        let state = JSONKeyedContainerState(decoder: decoder, object: object, depth: depth, extras: extras)
        let container = fresh(Key.self, state: state)
        // Same size, checked by `supportsReuse`: the container's one stored field is its box.
        entry.box = unsafeBitCast(container, to: AnyObject.self)
        entry.state = state
        return container
    }

    /// A new container on `state`.
    @inline(__always)
    private static func fresh<Key: CodingKey>(_: Key.Type, state: JSONKeyedContainerState) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(JSONKeyedContainer<Key>(state: state))
    }

    /// Drops every cached container (their states refer to the decoder, which refers to this cache).
    mutating func removeAll() {
        first = nil
        others.removeAll()
    }

    /// Whether a `KeyedDecodingContainer` is, as this cache assumes, a single reference to a box that
    /// stays alive exactly as long as some copy of the container does. `KeyedDecodingContainer`'s layout is
    /// not public API, so this is checked once per process by trying it; if the standard library ever
    /// stores it differently, containers are simply never reused.
    static let supportsReuse: Bool = {
        typealias Probe = KeyedDecodingContainer<JSONCodingKey>
        guard MemoryLayout<Probe>.size == MemoryLayout<AnyObject>.size,
              let document = try? JSONDocument(parsing: Data(#"{"k":7}"#.utf8), maximumDepth: 2) else { return false }
        let decoder = JSONTreeDecoder(document: document, configuration: FlexibleJSONDecoder(), path: [], node: 0)
        var box: AnyObject? = {
            let state = JSONKeyedContainerState(decoder: decoder, object: 0, depth: 0, extras: nil)
            return unsafeBitCast(Probe(JSONKeyedContainer<JSONCodingKey>(state: state)), to: AnyObject.self)
        }()
        // The container value is gone: its box must be ours alone, shared while a copy of the container
        // exists, ours alone again once the copy is gone, and the copy must read the object.
        guard isKnownUniquelyReferenced(&box) else { return false }
        let sharedAndReads: Bool = {
            guard let copy = box.map({ unsafeBitCast($0, to: Probe.self) }) else { return false }
            let shared = !isKnownUniquelyReferenced(&box)
            let key = JSONCodingKey(stringValue: "k")
            return shared && copy.contains(key) && (try? copy.decode(Int.self, forKey: key)) == 7
        }()
        return sharedAndReads && isKnownUniquelyReferenced(&box)
    }()
}

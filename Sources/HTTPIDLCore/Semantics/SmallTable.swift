/// A map for the few names of one body or URI (field names, wire keys, path parameters): entries are
/// compared in a linear scan, which for a handful of keys is much cheaper than hashing each one; past
/// `indexThreshold` entries a dictionary index takes over, so a huge body stays linear in time.
///
/// Keys compare with `==`, exactly as a `Dictionary` compares them.
struct SmallTable<Key: Hashable, Value> {
    private var entries: [(key: Key, value: Value)] = []
    private var index: [Key: Int]?
    /// The entry count from which lookups go through a dictionary.
    static var indexThreshold: Int { 16 }

    /// An empty table with room for `capacity` entries before it grows (a body's field count, say).
    init(capacity: Int = 0) {
        entries.reserveCapacity(min(capacity, Self.indexThreshold))
    }

    /// The value for `key`; setting appends a new key or replaces the value of a known one (`nil` removes it).
    subscript(key: Key) -> Value? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            let position = position(of: key)
            switch (position, newValue) {
            case (let position?, let value?):
                entries[position].value = value
            case (nil, let value?):
                entries.append((key, value))
                if index != nil {
                    index?[key] = entries.count - 1
                } else if entries.count > Self.indexThreshold {
                    buildIndex()
                }
            case (let position?, nil):
                entries.remove(at: position)
                if index != nil { buildIndex() }
            case (nil, nil):
                break
            }
        }
    }

    private func position(of key: Key) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    private mutating func buildIndex() {
        var built: [Key: Int] = [:]
        built.reserveCapacity(entries.count * 2)
        for (position, entry) in entries.enumerated() { built[entry.key] = position }
        index = built
    }
}

extension SmallTable: Sendable where Key: Sendable, Value: Sendable {}

/// `HTTPCache`'s index: every stored response by name, by recency and cost (`LRUIndex`), and the names stored for
/// each URL, so that the variants of one URL (`Vary`, RFC 9111 §4.1) are kept side by side and found together.
///
/// A name is the 64-bit FNV-1a hash of the cache key in hex, then, for a response with `Vary`, `-` and the hashes
/// of the `Vary` field names and of the stored request's values of them; then `.entry`. A disk cache files each
/// entry under its name, so that the names found in the directory rebuild this index. Not thread-safe: its owner
/// guards it.
package struct CacheIndex {
    /// The names by recency and cost; the entry itself for a memory cache, `nil` for a disk cache.
    package private(set) var recency = LRUIndex<CacheEntry?>()
    /// The names stored under each key's hash.
    private var groups: [String: Set<String>] = [:]

    /// An empty index.
    package init() {}

    /// The number of entries.
    package var count: Int { recency.count }

    /// The file name extension of every name.
    package static let entryExtension = "entry"

    /// The name `entry` is stored under.
    package static func name(for entry: CacheEntry) -> String {
        name(key: entry.key, varyFields: entry.varyFields)
    }

    /// The name of the response stored for `key` and the stored request's `varyFields`.
    package static func name(key: String, varyFields: [CacheEntry.VaryField]) -> String {
        guard !varyFields.isEmpty else { return hash(key) + "." + entryExtension }
        let names = varyFields.map(\.name).joined(separator: "\n")
        let values = varyFields.map { $0.value.map { "=" + $0 } ?? "-" }.joined(separator: "\n")
        return hash(key) + "-" + hash(names) + "-" + hash(values) + "." + entryExtension
    }

    /// The names stored for `key`: its variants (a hash shared by another key finds that key's too: the caller
    /// compares the keys).
    package func names(for key: String) -> Set<String> {
        groups[Self.hash(key)] ?? []
    }

    /// The entry named `name` (memory cache), which becomes the most recently used; `.some(nil)` on disk.
    package mutating func use(_ name: String) -> CacheEntry?? {
        recency.use(name)
    }

    /// Adds or replaces `name`, and removes the names of the same key whose `Vary` field names differ (the server
    /// changed what the response varies on); returns those.
    package mutating func insert(_ name: String, value: CacheEntry?, cost: Int) -> [String] {
        let replaced = (groups[Self.group(of: name)] ?? []).filter { $0 != name && Self.varyPart(of: $0) != Self.varyPart(of: name) }
        for old in replaced { remove(old) }
        recency.insert(name, value: value, cost: cost)
        groups[Self.group(of: name), default: []].insert(name)
        return Array(replaced)
    }

    /// Removes `name`; returns whether it was there.
    @discardableResult
    package mutating func remove(_ name: String) -> Bool {
        guard recency.remove(name) else { return false }
        let group = Self.group(of: name)
        groups[group]?.remove(name)
        if groups[group]?.isEmpty == true { groups[group] = nil }
        return true
    }

    /// Removes the least recently used entries until the total cost is at most `capacity`; returns their names.
    package mutating func evict(toFit capacity: Int) -> [String] {
        let evicted = recency.evict(toFit: capacity)
        for name in evicted {
            let group = Self.group(of: name)
            groups[group]?.remove(name)
            if groups[group]?.isEmpty == true { groups[group] = nil }
        }
        return evicted
    }

    /// Removes every entry; returns their names.
    package mutating func removeAll() -> [String] {
        defer {
            recency.removeAll()
            groups = [:]
        }
        return recency.keysByRecency
    }

    /// The key hash a name starts with.
    private static func group(of name: String) -> String { String(name.prefix(16)) }

    /// The hash of the `Vary` field names in a name (empty without `Vary`).
    private static func varyPart(of name: String) -> Substring {
        name.split(separator: ".")[0].split(separator: "-").dropFirst().first ?? ""
    }

    /// The 64-bit FNV-1a hash of `text` in 16 hex digits.
    private static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

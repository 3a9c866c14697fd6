/// The dynamic table of one HPACK context (RFC 7541 §2.3.2, §4): entries newest first, evicted oldest first
/// when an insertion or a smaller maximum size leaves too little room.
///
/// Index 1 is the newest entry. The encoder's table also keeps lookups from a field and from a name to its
/// newest entry (`tracksLookups`); the decoder's does not pay for them.
struct HPACKDynamicTable: Sendable {
    /// An entry and the lengths in octets of its name and value as they were on the wire (the text may be
    /// ISO-8859-1, whose UTF-8 is longer).
    struct Entry: Sendable {
        var field: HPACKHeaderField
        var nameSize: Int
        var valueSize: Int

        /// The size it counts for in the table (RFC 7541 §4.1) and in a header list (RFC 9113 §6.5.2).
        var size: Int { nameSize + valueSize + 32 }
    }

    /// A name and value, the key of the encoder's lookups.
    struct Key: Hashable, Sendable {
        var name: String
        var value: String
    }

    /// Entries oldest first from `first` (the slots before it were evicted and are dropped in batches).
    private var entries: [Entry] = []
    private var first = 0
    /// The sum of the entries' sizes, never above `maxSize`.
    private(set) var size = 0
    /// The maximum size in force (the last dynamic table size update).
    private(set) var maxSize: Int
    /// How many entries were ever inserted; the entry inserted n-th (from 0) has index `insertions - n`.
    private var insertions = 0
    /// The insertion number of the newest entry with each name and value, and with each name (encoder only).
    private var fieldInsertions: [Key: Int] = [:]
    private var nameInsertions: [String: Int] = [:]
    private let tracksLookups: Bool

    init(maxSize: Int, tracksLookups: Bool) {
        self.maxSize = maxSize
        self.tracksLookups = tracksLookups
    }

    /// The number of entries.
    var count: Int { entries.count - first }

    /// The entry at `index` (1 is the newest); the caller checks `1...count`.
    subscript(index: Int) -> Entry { entries[entries.count - index] }

    /// Sets the maximum size, evicting entries until they fit.
    mutating func setMaxSize(_ newValue: Int) {
        maxSize = newValue
        evict(toFit: 0)
    }

    /// Inserts `entry` as the newest entry, evicting to make room; an entry larger than the maximum size empties
    /// the table and is not inserted (RFC 7541 §4.4).
    mutating func insert(_ entry: Entry) {
        evict(toFit: entry.size)
        guard entry.size <= maxSize else { return }
        var entry = entry
        entry.field.neverIndexed = false
        let field = entry.field
        entries.append(entry)
        size += entry.size
        if tracksLookups {
            fieldInsertions[Key(name: field.name, value: field.value)] = insertions
            nameInsertions[field.name] = insertions
        }
        insertions += 1
    }

    /// The index of the newest entry with this name and value (encoder only).
    func index(of name: String, _ value: String) -> Int? {
        fieldInsertions[Key(name: name, value: value)].map { insertions - $0 }
    }

    /// The index of the newest entry with this name (encoder only).
    func index(ofName name: String) -> Int? {
        nameInsertions[name].map { insertions - $0 }
    }

    /// Evicts the oldest entries until `incoming` more octets fit, or the table is empty.
    private mutating func evict(toFit incoming: Int) {
        while first < entries.count, size + incoming > maxSize {
            let evicted = entries[first]
            size -= evicted.size
            if tracksLookups {
                let insertion = insertions - (entries.count - first)
                let key = Key(name: evicted.field.name, value: evicted.field.value)
                if fieldInsertions[key] == insertion { fieldInsertions[key] = nil }
                if nameInsertions[key.name] == insertion { nameInsertions[key.name] = nil }
            }
            first += 1
        }
        if first == entries.count {
            entries.removeAll(keepingCapacity: true)
            first = 0
        } else if first >= 32, first * 2 >= entries.count {
            entries.removeFirst(first)
            first = 0
        }
    }
}

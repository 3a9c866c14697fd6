/// The tree one `encode` call builds, in two flat buffers: a node record per nested value (object,
/// array, or a value written through a single-value container) and an entry record per object
/// property and array element.
///
/// Encoding a nested value appends its entries between those of its parent, so the entries of one
/// node are chained by index (`QueryEncodedEntry.next`) rather than stored side by side. Nodes and
/// entries are addressed by index, so `QueryValueEncoder` and the containers are small structs
/// holding the tree and a node index: no encoder object or entry buffer is allocated per nested
/// value (a keyed container still costs the standard library's box), and the whole tree is freed at
/// once when the call ends.
final class QueryEncodingTree {
    /// What a node holds.
    enum Kind {
        case none
        case scalar(String)
        case object
        case array
    }

    /// The first and last entry of a node's object entries or array elements (`-1` when empty).
    struct Chain {
        var first: Int32 = -1
        var last: Int32 = -1
        var count: Int32 = 0
    }

    /// One nested value. Its key (or index) and parent give the coding path, built only when asked for.
    struct Node {
        var kind: Kind
        let parent: Int32
        let depth: Int32
        /// The key of a property; `nil` for the root and for array elements.
        let key: (any CodingKey)?
        /// The index of an array element (no key is built for it); `-1` otherwise.
        let index: Int32
        /// An object's properties, in the order they were encoded (sorted when written).
        var entries = Chain()
        /// An array's elements, in order. Kept apart from `entries`, as a node may be asked for both.
        var elements = Chain()
    }

    /// Deeper than this is refused (a reference cycle in a class graph would otherwise recurse until
    /// the stack overflows). No server parser reads anywhere near this depth.
    static let maximumDepth = 128

    let context: QueryEncodingContext
    // Exclusivity is unchecked on the two storages: they are mutated only by this type, never while
    // another access to the same storage is in progress (a value is computed before its `append`
    // starts, and the walker reads after encoding ends).
    @exclusivity(unchecked) private(set) var nodes: QueryNodeStorage<Node>
    @exclusivity(unchecked) private(set) var entries: QueryNodeStorage<QueryEncodedEntry>
    @exclusivity(unchecked) private(set) var elements: QueryNodeStorage<QueryEncodedElement>

    /// A tree holding only its root node (index 0), a value not yet encoded. The first blocks hold a
    /// typical query (8 nodes of 96 bytes, 24 entries of 40) and stay small enough for malloc's
    /// per-thread cache.
    init(context: QueryEncodingContext) {
        self.context = context
        nodes = QueryNodeStorage(capacity: 8)
        entries = QueryNodeStorage(capacity: 24)
        elements = QueryNodeStorage()
        nodes.append(Node(kind: .none, parent: -1, depth: 0, key: nil, index: -1))
    }

    deinit {
        entries.release(spare: context.spareEntries)
        elements.release(spare: context.spareElements)
        nodes.release(spare: context.spareNodes)
    }

    /// Adds a node under `parent`, reached by `key`; returns its index. Node and entry counts stay
    /// far below `Int32.max` (each costs tens of bytes).
    func addNode(parent: Int, key: any CodingKey, kind: Kind) -> Int {
        add(Node(kind: kind, parent: Int32(parent), depth: nodes[parent].depth + 1, key: key, index: -1))
    }

    /// Adds a node for the element at `index` of the array `parent`; returns its index.
    func addNode(parent: Int, index: Int, kind: Kind) -> Int {
        add(Node(kind: kind, parent: Int32(parent), depth: nodes[parent].depth + 1, key: nil, index: Int32(index)))
    }

    @inline(__always)
    private func add(_ node: Node) -> Int {
        if nodes.isFull { nodes.grow(spare: context.spareNodes) }
        nodes.append(node)
        return nodes.count - 1
    }

    func kind(of node: Int) -> Kind { nodes[node].kind }
    func depth(of node: Int) -> Int { Int(nodes[node].depth) }
    func setKind(_ kind: Kind, of node: Int) { nodes[node].kind = kind }

    /// Makes `node` an object (keeping entries it already holds).
    @inline(__always)
    func makeObject(_ node: Int) {
        if case .object = nodes[node].kind {} else { nodes[node].kind = .object }
    }

    /// Makes `node` an array (keeping elements it already holds).
    @inline(__always)
    func makeArray(_ node: Int) {
        if case .array = nodes[node].kind {} else { nodes[node].kind = .array }
    }

    /// Appends a property to the object `node`.
    @inline(__always)
    func appendEntry(key: String, value: QueryEncodedValue, to node: Int) {
        let index = Int32(entries.count)
        if entries.isFull { entries.grow(spare: context.spareEntries) }
        entries.append(QueryEncodedEntry(key: key, value: value))
        Self.link(index, into: &nodes[node].entries, storage: entries)
    }

    /// Appends an element to the array `node`.
    @inline(__always)
    func appendElement(_ value: QueryEncodedValue, to node: Int) {
        let index = Int32(elements.count)
        if elements.isFull { elements.grow(spare: context.spareElements) }
        elements.append(QueryEncodedElement(value: value))
        Self.link(index, into: &nodes[node].elements, storage: elements)
    }

    @inline(__always)
    private static func link<Element: QueryChainLink>(_ index: Int32, into chain: inout Chain, storage: QueryNodeStorage<Element>) {
        if chain.last < 0 {
            chain.first = index
        } else {
            storage[Int(chain.last)].next = index
        }
        chain.last = index
        chain.count += 1
    }

    /// The number of elements of the array `node`.
    func elementCount(of node: Int) -> Int { Int(nodes[node].elements.count) }

    /// What `node` holds as a tree value (`nil` for nothing).
    func encodedValue(of node: Int) -> QueryEncodedValue? {
        switch nodes[node].kind {
        case .none: nil
        case .scalar(let string): .scalar(string)
        case .object: .object(node)
        case .array: .array(node)
        }
    }

    /// `.deferred` replaced by what its node holds now (`nil` when it holds nothing).
    func resolved(_ value: QueryEncodedValue) -> QueryEncodedValue? {
        guard case .deferred(let node) = value else { return value }
        return encodedValue(of: node)
    }

    /// The links of a chain in order, read from the storage (valid while nothing is appended).
    struct ChainLinks<Element: QueryChainLink>: Sequence, IteratorProtocol {
        let storage: QueryNodeStorage<Element>
        var position: Int32

        @inline(__always)
        mutating func next() -> Element? {
            guard position >= 0 else { return nil }
            let element = storage[Int(position)]
            position = element.next
            return element
        }
    }

    /// The properties of the object `node`, in their current order.
    func entries(of node: Int) -> ChainLinks<QueryEncodedEntry> {
        ChainLinks(storage: entries, position: nodes[node].entries.first)
    }

    /// The elements of the array `node`, in order.
    func elements(of node: Int) -> ChainLinks<QueryEncodedElement> {
        ChainLinks(storage: elements, position: nodes[node].elements.first)
    }

    /// The keys from the root down to `node`.
    func codingPath(of node: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = node
        while current >= 0 {
            if let key = nodes[current].key {
                path.append(key)
            } else if nodes[current].index >= 0 {
                path.append(QueryCodingKey(index: Int(nodes[current].index)))
            }
            current = Int(nodes[current].parent)
        }
        return path.reversed()
    }

    /// Sorts the entries of the object `node` by key, stably (entries under one key keep their
    /// order), by relinking its chain. Usually a handful of keys: an insertion sort of their indices
    /// in temporary memory (on the stack when small).
    func sortEntries(of node: Int) {
        let chain = nodes[node].entries
        let count = Int(chain.count)
        guard count > 1 else { return }
        let entries = entries
        let sorted: (first: Int32, last: Int32)? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { order in
            var index = chain.first
            for position in 0..<count {
                order.initializeElement(at: position, to: index)
                index = entries[Int(index)].next
            }
            var moved = false
            for position in 1..<count {
                var current = position
                while current > 0, entries[Int(order[current])].key < entries[Int(order[current - 1])].key {
                    order.swapAt(current, current - 1)
                    current -= 1
                    moved = true
                }
            }
            guard moved else { return nil }
            for position in 0..<(count - 1) { entries[Int(order[position])].next = order[position + 1] }
            entries[Int(order[count - 1])].next = -1
            return (order[0], order[count - 1])
        }
        if let sorted {
            nodes[node].entries.first = sorted.first
            nodes[node].entries.last = sorted.last
        }
    }
}

/// Keys with a cost each, in order of use, and the total cost: the bookkeeping behind `HTTPCache`'s byte bound.
///
/// Every operation is O(1) (a dictionary of nodes linked most recently used first). Not thread-safe: its owner
/// guards it.
package struct LRUIndex<Value> {
    private struct Node {
        var value: Value
        var cost: Int
        var newer: String?
        var older: String?
    }

    private var nodes: [String: Node] = [:]
    private var newest: String?
    private var oldest: String?
    /// The sum of every key's cost.
    package private(set) var totalCost = 0

    /// Creates an empty index.
    package init() {}

    /// The number of keys.
    package var count: Int { nodes.count }

    /// The keys, most recently used first.
    package var keysByRecency: [String] {
        var keys: [String] = []
        var key = newest
        while let current = key {
            keys.append(current)
            key = nodes[current]?.older
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used; `nil` if absent.
    package mutating func use(_ key: String) -> Value? {
        guard let node = nodes[key] else { return nil }
        guard key != newest else { return node.value }
        // Relink in place: the node (and its value) stays where it is in the dictionary.
        if let newer = node.newer { nodes[newer]?.older = node.older }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newest { nodes[newest]?.newer = key }
        nodes[key]?.newer = nil
        nodes[key]?.older = newest
        newest = key
        return node.value
    }

    /// The value for `key`, its recency unchanged; `nil` if absent.
    package func peek(_ key: String) -> Value? {
        nodes[key]?.value
    }

    /// Adds or replaces `key` as the most recently used.
    package mutating func insert(_ key: String, value: Value, cost: Int) {
        remove(key)
        link(key, Node(value: value, cost: cost))
    }

    /// Removes `key`; returns whether it was there.
    @discardableResult
    package mutating func remove(_ key: String) -> Bool {
        guard nodes[key] != nil else { return false }
        unlink(key)
        return true
    }

    /// Removes the least recently used keys until the total cost is at most `capacity`; returns them.
    package mutating func evict(toFit capacity: Int) -> [String] {
        var evicted: [String] = []
        while totalCost > capacity, let key = oldest {
            unlink(key)
            evicted.append(key)
        }
        return evicted
    }

    /// Removes every key.
    package mutating func removeAll() {
        nodes = [:]
        newest = nil
        oldest = nil
        totalCost = 0
    }

    private mutating func link(_ key: String, _ node: Node) {
        var node = node
        node.newer = nil
        node.older = newest
        if let newest { nodes[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
        nodes[key] = node
        totalCost += node.cost
    }

    /// Takes `key` out of the list and the dictionary.
    private mutating func unlink(_ key: String) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        totalCost -= node.cost
    }
}

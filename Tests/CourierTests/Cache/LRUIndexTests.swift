import Courier
import Testing

/// `LRUIndex`: recency order, costs and eviction of the least recently used.
@Suite struct LRUIndexTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// `+k` inserts k (cost 10), `k` uses k, `-k` removes k.
        let steps: [String]
        let order: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "inserts, newest first", steps: ["+a", "+b", "+c"], order: ["c", "b", "a"]),
        Row(name: "use the oldest", steps: ["+a", "+b", "+c", "a"], order: ["a", "c", "b"]),
        Row(name: "use a middle one", steps: ["+a", "+b", "+c", "b"], order: ["b", "c", "a"]),
        Row(name: "use the newest", steps: ["+a", "+b", "+c", "c"], order: ["c", "b", "a"]),
        Row(name: "use a missing key", steps: ["+a", "x"], order: ["a"]),
        Row(name: "reinsert moves to the front", steps: ["+a", "+b", "+a"], order: ["a", "b"]),
        Row(name: "remove the middle", steps: ["+a", "+b", "+c", "-b"], order: ["c", "a"]),
        Row(name: "remove the newest then use", steps: ["+a", "+b", "+c", "-c", "a"], order: ["a", "b"]),
        Row(name: "remove the oldest then insert", steps: ["+a", "+b", "-a", "+d"], order: ["d", "b"]),
        Row(name: "remove all but one", steps: ["+a", "+b", "-a", "-b", "+c", "c"], order: ["c"]),
    ]

    @Test(arguments: rows) func order(_ row: Row) {
        var index = LRUIndex<Int>()
        for step in row.steps {
            if step.hasPrefix("+") {
                index.insert(String(step.dropFirst()), value: 1, cost: 10)
            } else if step.hasPrefix("-") {
                index.remove(String(step.dropFirst()))
            } else {
                _ = index.use(step)
            }
        }
        #expect(index.keysByRecency == row.order)
        #expect(index.count == row.order.count && index.totalCost == 10 * row.order.count)
    }

    @Test func evictsTheLeastRecentlyUsedUntilTheCostFits() {
        var index = LRUIndex<Int>()
        for (key, cost) in [("a", 5), ("b", 10), ("c", 20)] { index.insert(key, value: cost, cost: cost) }
        _ = index.use("a")
        #expect(index.evict(toFit: 26) == ["b"])
        #expect(index.keysByRecency == ["a", "c"] && index.totalCost == 25)
        #expect(index.evict(toFit: 0) == ["c", "a"])
        #expect(index.count == 0 && index.totalCost == 0)
        #expect(index.use("a") == nil)
    }
}

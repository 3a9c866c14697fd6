/// A coding key built by the query coders themselves: array indices, `super`, and path components
/// recovered while writing or reading a query. An index keeps its text form unbuilt until asked for,
/// so walking a large array costs no string per element.
struct QueryCodingKey: CodingKey, Sendable {
    private enum Storage: Sendable {
        case name(String)
        case index(Int)
    }

    private let storage: Storage

    init(stringValue: String) {
        storage = .name(stringValue)
    }

    init(intValue: Int) {
        storage = .index(intValue)
    }

    init(index: Int) {
        storage = .index(index)
    }

    var stringValue: String {
        switch storage {
        case .name(let name): name
        case .index(let index): String(index)
        }
    }

    var intValue: Int? {
        if case .index(let index) = storage { return index }
        return nil
    }

    static let `super` = QueryCodingKey(stringValue: "super")

    /// `filter.ids[1]`-style rendering of a coding path for error messages.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }

    /// Whether two coding paths name the same keys.
    static func samePath(_ lhs: [any CodingKey], _ rhs: [any CodingKey]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { $0.stringValue == $1.stringValue && $0.intValue == $1.intValue }
    }
}

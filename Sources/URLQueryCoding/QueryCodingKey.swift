/// A coding key built by the query coders themselves: array indices, `super`, and path components
/// recovered while writing or reading a query.
struct QueryCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(index: Int) {
        self.init(intValue: index)
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

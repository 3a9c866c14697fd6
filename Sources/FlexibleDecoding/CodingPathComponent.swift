/// One step of a coding path as `JSONTreeDecoder` records it while decoding (cheap to push and pop;
/// turned into `CodingKey`s only when someone asks for `codingPath`, usually for an error).
enum CodingPathComponent {
    case key(any CodingKey)
    case index(Int)
    case superKey

    /// The component as a `CodingKey` (`Index 3` for array positions, `super` for `superDecoder()`).
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): return key
        case .index(let index): return JSONCodingKey(index: index)
        case .superKey: return JSONCodingKey(stringValue: "super")
        }
    }
}

/// A plain `CodingKey` for array positions, `super`, and converted keys.
struct JSONCodingKey: CodingKey {
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
        self.stringValue = "Index \(index)"
        self.intValue = index
    }
}

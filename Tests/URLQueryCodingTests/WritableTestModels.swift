import Foundation
import URLQueryCoding

// Models with a `URLQueryWritable` conformance of the shape httpidl generates: the wire names sorted,
// a `switch` writing each stored property (enums as their raw values) and `writeQueryFields` writing all
// of them in that order. Some keep the older shape (names in declaration order, no `writeQueryFields`),
// which the encoder writes with one `writeQueryField` call per field.

/// Scalars declared out of order.
struct WFlat: Encodable, Sendable, URLQueryWritable {
    var id: Int
    var name: String
    var email: String
    var active: Bool
    var score: Double
    var query: String
    var sort: String
    var page: Int

    static var queryFieldNames: [String] { ["active", "email", "id", "name", "page", "query", "score", "sort"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.active)
        case 1: try writer.write(self.email)
        case 2: try writer.write(self.id)
        case 3: try writer.write(self.name)
        case 4: try writer.write(self.page)
        case 5: try writer.write(self.query)
        case 6: try writer.write(self.score)
        case 7: try writer.write(self.sort)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.active)
        try writer.write(self.email)
        try writer.write(self.id)
        try writer.write(self.name)
        try writer.write(self.page)
        try writer.write(self.query)
        try writer.write(self.score)
        try writer.write(self.sort)
    }
}

struct WRange: Encodable, Sendable, URLQueryWritable {
    var min: Double
    var max: Double

    static var queryFieldNames: [String] { ["max", "min"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.max)
        case 1: try writer.write(self.min)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.max)
        try writer.write(self.min)
    }
}

struct WFilter: Encodable, Sendable, URLQueryWritable {
    var tags: [String]
    var categories: [Int]
    var price: WRange
    var since: Date
    var until: Date?

    static var queryFieldNames: [String] { ["tags", "categories", "price", "since", "until"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.tags)
        case 1: try writer.write(self.categories)
        case 2: try writer.write(self.price)
        case 3: try writer.write(self.since)
        case 4: try writer.write(self.until)
        default: break
        }
    }
}

struct WNested: Encodable, Sendable, URLQueryWritable {
    var query: String
    var filter: WFilter
    var sort: [String]
    var page: WRange?

    static var queryFieldNames: [String] { ["query", "filter", "sort", "page"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.query)
        case 1: try writer.write(self.filter)
        case 2: try writer.write(self.sort)
        case 3: try writer.write(self.page)
        default: break
        }
    }
}

/// An element of arrays of objects.
struct WItem: Encodable, Sendable, URLQueryWritable {
    var id: Int
    var name: String
    var quantity: Int?
    var active: Bool

    static var queryFieldNames: [String] { ["active", "id", "name", "quantity"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.active)
        case 1: try writer.write(self.id)
        case 2: try writer.write(self.name)
        case 3: try writer.write(self.quantity)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.active)
        try writer.write(self.id)
        try writer.write(self.name)
        try writer.write(self.quantity)
    }
}

struct WOrder: Encodable, Sendable, URLQueryWritable {
    var items: [WItem]
    var maybe: [WItem]?
    var holes: [WItem?]
    var note: String?

    static var queryFieldNames: [String] { ["holes", "items", "maybe", "note"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.holes)
        case 1: try writer.write(self.items)
        case 2: try writer.write(self.maybe)
        case 3: try writer.write(self.note)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.holes)
        try writer.write(self.items)
        try writer.write(self.maybe)
        try writer.write(self.note)
    }
}

/// A generated-style enum: encodes its raw value.
enum WColor: RawRepresentable, Encodable, Sendable {
    case red, green
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "red": self = .red
        case "green": self = .green
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .red: "red"
        case .green: "green"
        case .unknown(let rawValue): rawValue
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.rawValue)
    }
}

/// A struct that is not writable (its fields go through `Encodable`).
struct WPlainChild: Encodable, Sendable {
    var b: Int
    var a: [String]
}

/// Optionals, arrays of optionals, every scalar type, and fields that fall back to `Encodable`.
struct WEverything: Encodable, Sendable, URLQueryWritable {
    var text: String?
    var number: Int?
    var numbers: [Int]?
    var gaps: [String?]
    var small: Int8
    var big: UInt64
    var wide: Int64
    var unsigned: UInt32
    var ratio: Float
    var price: Decimal
    var link: URL
    var uuid: UUID
    var blob: Data
    var when: Date
    var color: WColor
    var colors: [WColor]?
    var table: [String: Int]
    var grid: [[Int]]
    var plain: WPlainChild?
    var child: WRange?

    static var queryFieldNames: [String] {
        ["text", "number", "numbers", "gaps", "small", "big", "wide", "unsigned", "ratio", "price", "link", "uuid", "blob",
         "when", "color", "colors", "table", "grid", "plain", "child"]
    }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.text)
        case 1: try writer.write(self.number)
        case 2: try writer.write(self.numbers)
        case 3: try writer.write(self.gaps)
        case 4: try writer.write(self.small)
        case 5: try writer.write(self.big)
        case 6: try writer.write(self.wide)
        case 7: try writer.write(self.unsigned)
        case 8: try writer.write(self.ratio)
        case 9: try writer.write(self.price)
        case 10: try writer.write(self.link)
        case 11: try writer.write(self.uuid)
        case 12: try writer.write(self.blob)
        case 13: try writer.write(self.when)
        case 14: try writer.write(self.color.rawValue)
        case 15: try writer.write(self.colors?.map(\.rawValue))
        case 16: try writer.write(self.table)
        case 17: try writer.write(self.grid)
        case 18: try writer.write(self.plain)
        case 19: try writer.write(self.child)
        default: break
        }
    }
}

/// Keys that need escaping, non-ASCII keys, and keys that sort differently once snake-cased.
struct WOddKeys: Encodable, Sendable, URLQueryWritable {
    var plain: String
    var spaced: String
    var accented: Int
    var bracketed: [Int]
    var camelCaseKey: String
    var camel_case: String
    var zA: Bool
    var emoji: WRange?

    static var queryFieldNames: [String] { ["a b", "café", "camelCaseKey", "camel_case", "plain", "x[y]", "zA", "🙂&="] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.spaced)
        case 1: try writer.write(self.accented)
        case 2: try writer.write(self.camelCaseKey)
        case 3: try writer.write(self.camel_case)
        case 4: try writer.write(self.plain)
        case 5: try writer.write(self.bracketed)
        case 6: try writer.write(self.zA)
        case 7: try writer.write(self.emoji)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.spaced)
        try writer.write(self.accented)
        try writer.write(self.camelCaseKey)
        try writer.write(self.camel_case)
        try writer.write(self.plain)
        try writer.write(self.bracketed)
        try writer.write(self.zA)
        try writer.write(self.emoji)
    }

    enum CodingKeys: String, CodingKey {
        case plain, spaced = "a b", accented = "café", bracketed = "x[y]", camelCaseKey, camel_case, zA, emoji = "🙂&="
    }
}

/// A recursive struct (`depth` levels of `next`).
struct WLinked: Encodable, Sendable, URLQueryWritable {
    var value: Int
    var next: [WLinked]

    init(depth: Int) {
        value = depth
        next = depth > 0 ? [WLinked(depth: depth - 1)] : []
    }

    static var queryFieldNames: [String] { ["value", "next"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.value)
        case 1: try writer.write(self.next)
        default: break
        }
    }
}

/// A struct with no fields, and one holding it.
struct WNothing: Encodable, Sendable, URLQueryWritable {
    static var queryFieldNames: [String] { [] }
    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {}
}

struct WEmpties: Encodable, Sendable, URLQueryWritable {
    var nothing: WNothing
    var list: [Int]
    var objects: [WItem]
    var nothings: [WNothing]
    var name: String

    static var queryFieldNames: [String] { ["nothing", "list", "objects", "nothings", "name"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.nothing)
        case 1: try writer.write(self.list)
        case 2: try writer.write(self.objects)
        case 3: try writer.write(self.nothings)
        case 4: try writer.write(self.name)
        default: break
        }
    }
}

/// Two fields that a custom key strategy can map to one key.
struct WTwins: Encodable, Sendable, URLQueryWritable {
    var first: Int
    var second: Int

    static var queryFieldNames: [String] { ["first", "second"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.first)
        case 1: try writer.write(self.second)
        default: break
        }
    }
}

/// A scalar of its own whose `writeQueryScalar` writes through the writer's public `write`s (its
/// `Encodable` form is the same string).
struct WTag: URLQueryScalar, Sendable {
    var name: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("#" + name)
    }

    func writeQueryScalar(to writer: inout URLQueryWriter) throws { try writer.write("#" + name) }
}

/// Custom scalars alone, optional and in arrays, next to ordinary fields (sorted: one call for all).
struct WTagged: Encodable, Sendable, URLQueryWritable {
    var after: Int
    var maybe: WTag?
    var tag: WTag
    var tags: [WTag]

    static var queryFieldNames: [String] { ["after", "maybe", "tag", "tags"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.after)
        case 1: try writer.write(self.maybe)
        case 2: try writer.write(self.tag)
        case 3: try writer.write(self.tags)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.after)
        try writer.write(self.maybe)
        try writer.write(self.tag)
        try writer.write(self.tags)
    }
}

/// Conformances that break the contract: `writeQueryFields` writes one field too few (`skip`) or one
/// too many (`twice`). Neither may put a value under another field's name: the value goes to
/// `encode(to:)`.
struct WMiscounted: Encodable, Sendable, URLQueryWritable {
    enum Fault: Sendable { case skip, twice }
    var a: Int
    var b: String
    var c: Bool
    var fault: Fault

    enum CodingKeys: String, CodingKey { case a, b, c }

    static var queryFieldNames: [String] { ["a", "b", "c"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0: try writer.write(self.a)
        case 1: try writer.write(self.b)
        case 2: try writer.write(self.c)
        default: break
        }
    }

    func writeQueryFields(to writer: inout URLQueryWriter) throws {
        try writer.write(self.a)
        if fault != .skip { try writer.write(self.b) }
        if fault == .twice { try writer.write(self.b) }
        try writer.write(self.c)
    }
}

/// A conformance whose `writeQueryField` writes two values for one field (names not sorted: one call
/// per field). The second may not take the next field's name: the value goes to `encode(to:)`.
struct WFieldTwice: Encodable, Sendable, URLQueryWritable {
    var b: String
    var a: Int

    static var queryFieldNames: [String] { ["b", "a"] }

    func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws {
        switch index {
        case 0:
            try writer.write(self.b)
            try writer.write(self.b)
        case 1: try writer.write(self.a)
        default: break
        }
    }
}

/// The same value through `encode(to:)` only: the wrapper is not `URLQueryWritable`.
struct NotWritable<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

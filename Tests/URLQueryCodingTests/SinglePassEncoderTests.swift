import Foundation
import Testing
import URLQueryCoding

/// The single-pass encoder behind `encodeQueryString` against the tree encoder: for every model and
/// every streamed configuration, the single pass writes exactly the tree's bytes, or hands the value
/// to the tree (which then writes or throws as always). Rows marked `streams` must not be handed over
/// under the default strategies, so the fast path is known to be taken.
@Suite struct SinglePassEncoderTests {
    /// One model, encoded both ways.
    struct Model: Sendable, CustomTestStringConvertible {
        let name: String
        /// Whether the default configuration must write it in one pass.
        let streams: Bool
        let encodeBoth: @Sendable (URLQueryEncoder, _ rootKey: String?) -> (onePass: String?, tree: Result<String, any Error>)

        init<T: Encodable & Sendable>(_ name: String, streams: Bool = true, _ value: T) {
            self.name = name
            self.streams = streams
            encodeBoth = { encoder, rootKey in
                (encoder.encodeQueryStringInOnePass(value, rootKey: rootKey),
                 Result { try encoder.encodeQueryStringThroughTree(value, rootKey: rootKey) })
            }
        }

        var testDescription: String { name }
    }

    /// An encoder configuration, named for the test list.
    struct Configuration: Sendable, CustomTestStringConvertible {
        let name: String
        let encoder: URLQueryEncoder
        var testDescription: String { name }
    }

    static let configurations: [Configuration] = [
        Configuration(name: "default", encoder: URLQueryEncoder()),
        Configuration(name: "bracketed", encoder: URLQueryEncoder(arrayEncodingStrategy: .bracketed)),
        Configuration(name: "repeated", encoder: URLQueryEncoder(arrayEncodingStrategy: .repeated)),
        Configuration(name: "commaSeparated", encoder: URLQueryEncoder(arrayEncodingStrategy: .commaSeparated)),
        Configuration(name: "dots", encoder: URLQueryEncoder(objectEncodingStrategy: .dots)),
        Configuration(name: "flattened", encoder: URLQueryEncoder(objectEncodingStrategy: .flattened)),
        Configuration(name: "snake_case keys, numeric bools", encoder: URLQueryEncoder(
            keyEncodingStrategy: .convertToSnakeCase, boolEncodingStrategy: .numeric)),
        Configuration(name: "custom keys, NaN as text", encoder: URLQueryEncoder(
            keyEncodingStrategy: .custom { "k " + $0 },
            nonConformingFloatEncodingStrategy: .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))),
        Configuration(name: "dates as seconds", encoder: URLQueryEncoder(dateEncodingStrategy: .secondsSince1970)),
    ]

    static let models: [Model] = [
        Model("out-of-order scalars", Mixed(id: 42, name: "kim lee", active: true, score: 4.75, note: nil, small: -8, big: .max, ratio: 0.5)),
        Model("nested object and array", Params(user: User(name: "kim", age: 32), tags: ["new", "a&b", "café"])),
        Model("mixed nesting", Filter(filter: .init(ids: [1, 2, 3]))),
        Model("optionals", OptionalFields(a: nil, b: 7, c: "x y")),
        Model("empty object and array", Empties(nothing: .init(), list: [], name: "n")),
        Model("array of objects", Boxed(value: [User(name: "a", age: 1), User(name: "b", age: 2)])),
        Model("array of arrays", Boxed(value: [[1, 2], [], [3]])),
        Model("nil elements", Boxed(value: [1, nil, 3] as [Int?])),
        Model("string-keyed dictionary", Boxed(value: ["zeta": 1, "alpha": 2, "mid": 3, "a": 4, "ab": 5])),
        Model("int-keyed dictionary", Boxed(value: [10: "ten", 2: "two", 1: "one"])),
        Model("keys to escape", Boxed(value: ["a b": 1, "a[b]": 2, "a+b": 3, "a": 4])),
        Model("foundation scalars", Foundations(
            date: Date(timeIntervalSince1970: 1_714_566_600.25), url: URL(string: "https://example.com/a?b=c")!,
            id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, data: Data([0xFB, 0xFF, 0x00]), price: Decimal(string: "12.50")!)),
        Model("raw-value enum", Boxed(value: [Color.red, .green])),
        Model("duplicate keys", DuplicateKeys()),
        Model("nested containers in order", NestedInOrder()),
        Model("deep nesting", Boxed(value: Linked(depth: 40))),
        // Arrays of more objects than the single pass makes before it reuses container boxes.
        Model("objects with long keys", Boxed(value: (1...12).map(LongKeys.init))),
        Model("objects with repeated keys", Boxed(value: Array(repeating: DuplicateKeys(), count: 12))),
        Model("dictionaries with changing keys", Boxed(value: Array(repeating: [["a": 1, "b": 2], ["c": 3], ["b": 4, "a": 5, "d": 6], ["a b": 7], ["a b": 8, "a": 9]], count: 3).flatMap { $0 })),
        Model("a container kept past its object", streams: false, KeptContainers()),
        Model("interleaved nested containers", streams: false, Interleaved()),
        Model("superEncoder", streams: false, UsesSuper()),
        Model("non-ASCII key", streams: false, Boxed(value: ["ключ": 1, "b": 2])),
        Model("NaN", streams: false, Boxed(value: Double.nan)),
        Model("nesting too deep", streams: false, Boxed(value: Linked(depth: 200))),
        Model("top-level array", streams: false, [1, 2]),
        Model("top-level scalar", streams: false, "x"),
    ]

    @Test(arguments: models, configurations)
    func singlePassWritesTheTreesBytes(_ model: Model, _ configuration: Configuration) throws {
        let (onePass, tree) = model.encodeBoth(configuration.encoder, nil)
        if let onePass {
            #expect(onePass == (try tree.get()))
        }
        if configuration.name == "default" {
            #expect((onePass != nil) == model.streams)
        }
        // The public method gives the tree's answer either way.
        switch tree {
        case .success(let expected):
            #expect(onePass ?? expected == expected)
        case .failure:
            #expect(onePass == nil)
        }
    }

    @Test(arguments: models, ["", "q"])
    func singlePassWithARootKey(_ model: Model, _ rootKey: String) throws {
        let (onePass, tree) = model.encodeBoth(URLQueryEncoder(), rootKey)
        if let onePass {
            #expect(onePass == (try tree.get()))
        } else if case .success = tree {
            // Only the values the single pass refuses on purpose fall back with a root key.
            #expect(!model.streams)
        }
    }

    @Test func formBodyWritesSpacesAsPlus() throws {
        let encoder = URLQueryEncoder()
        let value = Params(user: User(name: "kim lee", age: 3), tags: ["a b"])
        #expect(encoder.encodeQueryStringInOnePass(value, spaceAsPlus: true) == "tags%5B0%5D=a+b&user%5Bage%5D=3&user%5Bname%5D=kim+lee")
        #expect(String(decoding: try encoder.encodeFormBody(value), as: UTF8.self) == "tags%5B0%5D=a+b&user%5Bage%5D=3&user%5Bname%5D=kim+lee")
    }

    @Test func largeOutputGrowsPastTheStackBuffer() throws {
        let value = Boxed(value: (0..<2_000).map { User(name: "user \($0) & co", age: $0) })
        let encoder = URLQueryEncoder()
        let onePass = try #require(encoder.encodeQueryStringInOnePass(value))
        #expect(onePass == (try encoder.encodeQueryStringThroughTree(value)))
        #expect(onePass.utf8.count > 60_000)
    }

    @Test func errorsAreTheTreeEncoders() {
        #expect(throws: URLQueryEncoder.EncodingError.nonFiniteNumber(codingPath: [QueryKey("value")])) {
            try URLQueryEncoder().encodeQueryString(Boxed(value: Double.infinity))
        }
        #expect(throws: URLQueryEncoder.EncodingError.unsupportedTopLevelValue) {
            try URLQueryEncoder().encodeQueryString([1, 2])
        }
    }
}

// MARK: - Models

/// One value under the key `value`.
private struct Boxed<Value: Encodable & Sendable>: Encodable, Sendable {
    let value: Value
}

/// Scalars declared out of key order.
private struct Mixed: Encodable, Sendable {
    let id: Int
    let name: String
    let active: Bool
    let score: Double
    let note: String?
    let small: Int8
    let big: UInt64
    let ratio: Float
}

private struct Foundations: Encodable, Sendable {
    let date: Date
    let url: URL
    let id: UUID
    let data: Data
    let price: Decimal
}

private enum Color: String, Encodable, Sendable {
    case red, green
}

/// Two values under one key (kept in order, both written).
private struct DuplicateKeys: Encodable, Sendable {
    enum Key: String, CodingKey { case b, a }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(2, forKey: .b)
        try container.encode("first", forKey: .a)
        try container.encode("second", forKey: .a)
        try container.encode(1, forKey: .b)
    }
}

/// Nested containers, each filled before the next key is written.
private struct NestedInOrder: Encodable, Sendable {
    enum Key: String, CodingKey { case z, list, a }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var inner = container.nestedContainer(keyedBy: Key.self, forKey: .z)
        try inner.encode(1, forKey: .z)
        try inner.encode(2, forKey: .a)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode("x")
        var element = list.nestedContainer(keyedBy: Key.self)
        try element.encode(true, forKey: .a)
        try container.encode("last", forKey: .a)
    }
}

/// Writes into a nested container after its parent moved on (the tree merges it; the single pass
/// hands it over).
private struct Interleaved: Encodable, Sendable {
    enum Key: String, CodingKey { case inner, b, x }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var inner = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
        try inner.encode(1, forKey: .x)
        try container.encode(2, forKey: .b)
        try inner.encode(3, forKey: .b)
    }
}

private struct UsesSuper: Encodable, Sendable {
    enum Key: String, CodingKey { case a }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(1, forKey: .a)
        var parent = container.superEncoder().container(keyedBy: Key.self)
        try parent.encode(2, forKey: .a)
    }
}

/// An object whose keys are too long for a small string (their text lives in storage of its own).
private struct LongKeys: Encodable, Sendable {
    let n: Int
    var aPropertyWithALongName: Int { n }
    var anotherRatherLongPropertyName: String { "v \(n)" }
    enum CodingKeys: String, CodingKey {
        case n = "a key longer than fifteen bytes"
        case aPropertyWithALongName, anotherRatherLongPropertyName
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(anotherRatherLongPropertyName, forKey: .anotherRatherLongPropertyName)
        try container.encode(n, forKey: .n)
        try container.encode(aPropertyWithALongName, forKey: .aPropertyWithALongName)
    }
}

/// Array elements that each keep their keyed container, and write into the previous element's
/// container after it is done (the tree adds to that object; the single pass hands the value over).
private struct KeptContainers: Encodable, Sendable {
    enum Key: String, CodingKey { case list, a, b }

    /// The container the last element kept (one per `encode(to:)` call, never shared).
    final class Holder {
        var container: KeyedEncodingContainer<Key>?
    }

    struct Element: Encodable {
        let holder: Holder
        let n: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(n, forKey: .a)
            if var previous = holder.container {
                try previous.encode(n, forKey: .b)
            }
            holder.container = container
        }
    }

    func encode(to encoder: any Encoder) throws {
        let holder = Holder()
        var container = encoder.container(keyedBy: Key.self)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        for n in 0..<12 { try list.encode(Element(holder: holder, n: n)) }
    }
}

/// An object nested `depth` levels deep.
private final class Linked: Encodable, Sendable {
    let next: Linked?
    let level: Int
    init(depth: Int) {
        level = depth
        next = depth > 0 ? Linked(depth: depth - 1) : nil
    }
}

/// A plain string coding key for expected error paths.
private struct QueryKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

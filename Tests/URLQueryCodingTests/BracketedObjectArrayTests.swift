import Foundation
import Testing
import URLQueryCoding

/// Arrays of objects under `.bracketed`, in the Rails form (`items[][id]=1&items[][name]=x&items[][id]=2`):
/// the shapes Rack's `parse_nested_query` reads back are written and decoded back; the shapes it would
/// merge or split are refused with `.unsupportedNesting` and the path of the offending leaf.
/// (`Scripts/interop-query.sh` checks the same shapes against the real Rack.)
@Suite struct BracketedObjectArrayTests {
    struct Item: Codable, Equatable {
        var id: Int
        var name: String
    }

    struct Items: Codable, Equatable {
        var items: [Item]
    }

    struct Leaf: Codable, Equatable { var c: String }
    struct Middle: Codable, Equatable { var b: [Leaf] }
    struct Outer: Codable, Equatable { var a: [Middle] }

    struct Address: Codable, Equatable {
        var city: String
        var zip: String?
    }

    struct Person: Codable, Equatable {
        var address: Address
        var name: String
    }

    struct Tagged: Codable, Equatable {
        var id: Int
        var tags: [String]
    }

    struct Optionals: Codable, Equatable {
        var a: Int?
        var b: Int?
    }

    static let bracketed = URLQueryEncoder(arrayEncodingStrategy: .bracketed)
    static let decoder = URLQueryDecoder(arrayDecodingStrategy: .bracketed)

    /// Encodes `value`, checks the unescaped items, then decodes the wire string back.
    static func roundTrip<T: Codable & Equatable>(_ value: T, expected: String) throws {
        #expect(try unescaped(value, bracketed) == expected)
        let wire = try bracketed.encodeQueryString(value)
        #expect(try decoder.decode(T.self, from: wire) == value)
        // The default decoder reads the same shape.
        #expect(try URLQueryDecoder().decode(T.self, from: wire) == value)
        // And so does a form body.
        #expect(try decoder.decode(T.self, fromFormBody: try bracketed.encodeFormBody(value)) == value)
    }

    @Test func railsArrayOfHashes() throws {
        try Self.roundTrip(
            Items(items: [Item(id: 1, name: "x"), Item(id: 2, name: "y")]),
            expected: "items[][id]=1&items[][name]=x&items[][id]=2&items[][name]=y"
        )
        #expect(try Self.bracketed.encodeQueryString(Items(items: [Item(id: 1, name: "a b")]))
            == "items%5B%5D%5Bid%5D=1&items%5B%5D%5Bname%5D=a%20b")
    }

    @Test func singleElementAndEmptyArray() throws {
        try Self.roundTrip(Items(items: [Item(id: 7, name: "only")]), expected: "items[][id]=7&items[][name]=only")
        #expect(try Self.bracketed.encode(Items(items: [])).isEmpty)
    }

    @Test func nestedObjectsInsideElements() throws {
        try Self.roundTrip(
            Wrapper(value: [
                Person(address: Address(city: "Seoul", zip: "04524"), name: "kim"),
                Person(address: Address(city: "Busan", zip: nil), name: "lee"),
            ]),
            expected: "value[][address][city]=Seoul&value[][address][zip]=04524&value[][name]=kim"
                + "&value[][address][city]=Busan&value[][name]=lee"
        )
    }

    @Test func arraysNestedInArraysOfHashes() throws {
        // a[][b][][c]: the inner array continues the element it is in, so an element may hold many.
        try Self.roundTrip(
            Outer(a: [Middle(b: [Leaf(c: "1"), Leaf(c: "2")])]),
            expected: "a[][b][][c]=1&a[][b][][c]=2"
        )
        // A scalar array after the first key joins the element too.
        try Self.roundTrip(
            Wrapper(value: [Tagged(id: 1, tags: ["x", "y"]), Tagged(id: 2, tags: [])]),
            expected: "value[][id]=1&value[][tags][]=x&value[][tags][]=y&value[][id]=2"
        )
    }

    @Test func rootKeyArrayOfHashes() throws {
        let items = [Item(id: 1, name: "x"), Item(id: 2, name: "y")]
        #expect(try unescaped(items, Self.bracketed, rootKey: "items") == "items[][id]=1&items[][name]=x&items[][id]=2&items[][name]=y")
        let wire = try Self.bracketed.encodeQueryString(items, rootKey: "items")
        #expect(try Self.decoder.decode([Item].self, from: wire, rootKey: "items") == items)
    }

    @Test func nilElementsAreSkippedAsForScalars() throws {
        let value = Wrapper(value: [Item?.none, Item(id: 1, name: "x")])
        #expect(try unescaped(value, Self.bracketed) == "value[][id]=1&value[][name]=x")
    }

    // MARK: Refused shapes: what Rack would read differently

    /// Each row: the model, the coding path of the leaf at fault, and a phrase of the reason.
    @Test(arguments: [
        // [{a:1}, {b:2}] is `x[][a]=1&x[][b]=2`: Rack reads one element {a:1, b:2}.
        (AnyEncodable(EncodeOnly(value: [Optionals(a: 1, b: nil), Optionals(a: nil, b: 2)])), ["value", "1", "b"], "missing from the element before"),
        // Two elements each holding b:[{c}] read as one element holding two.
        (AnyEncodable(Outer(a: [Middle(b: [Leaf(c: "1")]), Middle(b: [Leaf(c: "2")])])), ["a", "1", "b", "0", "c"], "starts with an array"),
        // An element that writes nothing would vanish and move the later ones up.
        (AnyEncodable(EncodeOnly(value: [Optionals(a: 1, b: nil), Optionals(a: nil, b: nil), Optionals(a: 3, b: nil)])), ["value", "1"], "empty object"),
        // Objects and scalars mixed.
        (AnyEncodable(EncodeOnly(value: [MixedElement.scalar(1), .object(Item(id: 1, name: "x"))])), ["value", "0"], "cannot mix"),
        // Arrays of arrays still need .indexed.
        (AnyEncodable(EncodeOnly(value: [MixedElement.object(Item(id: 1, name: "x")), .array([1])])), ["value", "1"], "array inside an array"),
    ])
    func ambiguousShapesAreRefused(_ model: AnyEncodable, path: [String], reason: String) {
        for encode in [{ _ = try Self.bracketed.encodeQueryString(model) }, { _ = try Self.bracketed.encode(model) }] {
            do {
                try encode()
                Issue.record("expected .unsupportedNesting")
            } catch let error as URLQueryEncoder.EncodingError {
                guard case .unsupportedNesting(let codingPath, let message) = error else {
                    Issue.record("wrong case \(error)")
                    continue
                }
                #expect(codingPath.map(\.stringValue) == path)
                #expect(message.contains(reason), "\(message)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func duplicateKeysInOneElementAreRefused() {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey("a"))
                try container.encode(2, forKey: AnyKey("a"))
            }
        }
        #expect(throws: URLQueryEncoder.EncodingError.unsupportedNesting(
            codingPath: [AnyKey("value"), AnyKey(0), AnyKey("a")],
            reason: "the key 'a' is written twice in one element, so Rack would start a new element there"
        )) { try Self.bracketed.encode(EncodeOnly(value: [Twice()])) }
    }

    @Test(arguments: [URLQueryEncoder.ObjectEncodingStrategy.dots, .flattened])
    func railsFormNeedsBracketKeys(_ objects: URLQueryEncoder.ObjectEncodingStrategy) {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: .bracketed, objectEncodingStrategy: objects)
        #expect(throws: URLQueryEncoder.EncodingError.self) { try encoder.encode(Items(items: [Item(id: 1, name: "x")])) }
    }

    // MARK: Decoder: Rack's rule for `[]` in the middle of a name

    @Test(arguments: [
        // A key the last element already has starts a new element.
        ("a[][b]=1&a[][b]=2", #"[{"b":"1"},{"b":"2"}]"#),
        // Other keys join the last element.
        ("a[][b]=1&a[][c]=2&a[][b]=3", #"[{"b":"1","c":"2"},{"b":"3"}]"#),
        // Nested key paths are compared whole.
        ("a[][b][c]=1&a[][b][d]=2&a[][b][c]=3", #"[{"b":{"c":"1","d":"2"}},{"b":{"c":"3"}}]"#),
        // A further [] always continues the last element.
        ("a[][b][][c]=1&a[][b][][c]=2", #"[{"b":[{"c":"1"},{"c":"2"}]}]"#),
        ("a[][t][]=1&a[][t][]=2&a[][id]=3", #"[{"id":"3","t":["1","2"]}]"#),
    ])
    func decoderFollowsRack(_ query: String, json: String) throws {
        let decoded = try URLQueryDecoder().decode(Wrapper<[JSONish]>.self, from: query.replacingOccurrences(of: "a[", with: "value["))
        let expected = try JSONDecoder().decode([JSONish].self, from: Data(json.utf8))
        #expect(decoded.value == expected)
    }
}

/// A JSON-like value for decoder tables: strings, arrays and objects.
indirect enum JSONish: Codable, Equatable {
    case string(String)
    case array([JSONish])
    case object([String: JSONish])

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self), !container.allKeys.isEmpty,
           container.allKeys.contains(where: { Int($0.stringValue) == nil }) {
            var members: [String: JSONish] = [:]
            for key in container.allKeys { members[key.stringValue] = try container.decode(JSONish.self, forKey: key) }
            self = .object(members)
        } else if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = .string(text)
        } else {
            var container = try decoder.unkeyedContainer()
            var elements: [JSONish] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONish.self)) }
            self = .array(elements)
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in members { try container.encode(value, forKey: AnyKey(key)) }
        }
    }
}

/// `{"value": …}` for values that are only `Encodable`.
struct EncodeOnly<Value: Encodable>: Encodable {
    var value: Value
}

extension EncodeOnly: Sendable where Value: Sendable {}

/// An array element that is a scalar, an object or an array (to build mixed arrays).
enum MixedElement: Encodable {
    case scalar(Int)
    case object(BracketedObjectArrayTests.Item)
    case array([Int])

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .scalar(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .object(let item):
            try item.encode(to: encoder)
        case .array(let values):
            try values.encode(to: encoder)
        }
    }
}

/// Type erasure so one parameterized table can hold models of different types.
struct AnyEncodable: Encodable, Sendable, CustomTestStringConvertible {
    private let body: @Sendable (any Encoder) throws -> Void
    let testDescription: String

    init<T: Encodable & Sendable>(_ value: T) {
        body = { try value.encode(to: $0) }
        testDescription = "\(T.self)"
    }

    func encode(to encoder: any Encoder) throws { try body(encoder) }
}

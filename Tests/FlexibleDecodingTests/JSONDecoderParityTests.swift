import Foundation
import Testing
@testable import FlexibleDecoding

/// On ordinary valid JSON, `FlexibleJSONDecoder` must decode exactly what Foundation's `JSONDecoder` does.
@Suite("Parity with JSONDecoder")
struct JSONDecoderParityTests {
    enum Role: String, Codable, Equatable { case admin, member }
    enum Level: Int, Codable, Equatable { case low = 1, high = 2 }
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rect(width: Int, height: Int)
        case empty
    }

    struct Profile: Codable, Equatable {
        let id: Int64
        let name: String
        let nickname: String?
        let score: Double
        let ratio: Float
        let active: Bool
        let role: Role
        let level: Level?
        let tags: [String]
        let matrix: [[Int]]
        let attributes: [String: String]
        let counts: [String: [Int]]
        let byId: [Int: String]
        let shapes: [Shape]
        let website: URL
        let balance: Decimal
        let avatar: Data
        let joined: Date
        let small: Int8
        let big: UInt64
    }

    static let profileJSON = #"""
    {
      "id": 9007199254740993,
      "name": "K\u00edm \"quoted\" \\ back\/slash \b\f\n\r\t tab \ud83d\ude00 emoji \u00e9 é 日本",
      "nickname": null,
      "score": -12.5e-3,
      "ratio": 0.1,
      "active": true,
      "role": "admin",
      "level": 2,
      "tags": ["a", "", "\u0000", "ü"],
      "matrix": [[1, 2], [], [3]],
      "attributes": {"k": "v", "": "empty", "ключ": "значение"},
      "counts": {"x": [1, 2, 3]},
      "byId": {"1": "one", "-2": "minus two"},
      "shapes": [{"circle": {"radius": 1.5}}, {"rect": {"width": 2, "height": 3}}, {"empty": {}}],
      "website": "https://example.com/a%20b?q=1#frag",
      "balance": 1234.5678,
      "avatar": "AAEC/w==",
      "joined": 726_000_000,
      "small": -128,
      "big": 18446744073709551615
    }
    """#.replacingOccurrences(of: "726_000_000", with: "726000000.25")

    @Test func profileDecodesIdentically() throws {
        let ours = try flexible(Profile.self, Self.profileJSON)
        let theirs = try foundation(Profile.self, Self.profileJSON)
        #expect(ours == theirs)
        #expect(ours.name.contains("😀"))
    }

    /// Individual documents of many shapes, each decoded as `T` by both decoders.
    static let corpus: [(String, @Sendable () throws -> (Bool, String))] = [
        ("scalars", { try same([Int].self, "[0, -1, 42, 9223372036854775807, -9223372036854775808]") }),
        ("doubles", { try same([Double].self, "[0.1, -0.0, 1e-7, 1.7976931348623157e308, 5e-324, 123456789012345678901234567890, 3.141592653589793, 2.5E+3]") }),
        ("floats", { try same([Float].self, "[0.1, 3.4028235e38, 1e-45, 16777217]") }),
        ("strings", { try same([String].self, #"["", "a", "\u00e9\u4e2d\ud834\udd1e", "\\\"\/", "line\nbreak", "😀", "Ω≈ç√"]"#) }),
        ("long strings", { try same([String].self, "[\"" + String(repeating: "abcdefghij", count: 300) + "\", \"" + String(repeating: "é", count: 100) + "\"]") }),
        ("bools and nulls", { try same([Bool?].self, "[true, false, null]") }),
        ("optionals", { try same([String: Int?].self, #"{"a": 1, "b": null}"#) }),
        ("nested arrays", { try same([[[String]]].self, #"[[["a"], []], [], [["b", "c"]]]"#) }),
        ("dictionary", { try same([String: [String: Double]].self, #"{"x": {"y": 1.5}, "z": {}}"#) }),
        ("int-keyed dictionary", { try same([Int: Bool].self, #"{"1": true, "20": false}"#) }),
        ("enums", { try same([Role].self, #"["admin", "member"]"#) }),
        ("decimal", { try same([Decimal].self, "[0, 1.25, -3.5e2, 12345678901234567890, 0.000001]") }),
        ("urls", { try same([URL].self, #"["https://example.com", "file:///tmp/x", "relative/path"]"#) }),
        ("dates", { try same([Date].self, "[0, 1.5, -1000]") }),
        ("data", { try same([Data].self, #"["", "AA==", "SGVsbG8gd29ybGQ="]"#) }),
        ("whitespace", { try same([String: [Int]].self, " \n\t{ \"a\" :\r\n [ 1 , 2 ] } \n") }),
        ("top-level scalar", { try same(String.self, #""top""#) }),
        ("top-level number", { try same(Double.self, "12.75") }),
        ("empty containers", { try same([String: [Int]].self, #"{"a": [], "b": []}"#) }),
    ]

    @Test(arguments: corpus.map(\.0))
    func corpusDocument(name: String) throws {
        let entry = try #require(Self.corpus.first { $0.0 == name })
        let (equal, detail) = try entry.1()
        #expect(equal, "\(detail)")
    }

    static func same<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> (Bool, String) {
        let ours = try flexible(T.self, json)
        let theirs = try foundation(T.self, json)
        return (ours == theirs, "ours: \(ours)\ntheirs: \(theirs)")
    }

    struct Base: Codable, Equatable { let id: Int }
    final class Derived: Decodable {
        let base: Base
        let extra: String
        let fromSuper: Int
        let missingSuper: Bool
        enum CodingKeys: String, CodingKey { case extra, parent }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extra = try container.decode(String.self, forKey: .extra)
            base = try Base(from: container.superDecoder(forKey: .parent))
            fromSuper = try container.superDecoder().singleValueContainer().decode(Int.self)
            missingSuper = try container.superDecoder(forKey: .extra).singleValueContainer().decodeNil() == false
        }
    }

    @Test func superDecoderMatches() throws {
        let json = #"{"extra":"x","parent":{"id":7},"super":3}"#
        let ours = try flexible(Derived.self, json)
        let theirs = try foundation(Derived.self, json)
        #expect(ours.base == theirs.base)
        #expect(ours.extra == theirs.extra)
        #expect(ours.fromSuper == theirs.fromSuper)
        #expect(ours.missingSuper == theirs.missingSuper)
    }

    /// Nested containers taken by hand, with their coding paths.
    struct Manual: Decodable, Equatable {
        let values: [String]
        let paths: [String]
        enum Keys: String, CodingKey { case outer, list }
        enum Inner: String, CodingKey { case name }
        init(from decoder: any Decoder) throws {
            let root = try decoder.container(keyedBy: Keys.self)
            let outer = try root.nestedContainer(keyedBy: Inner.self, forKey: .outer)
            var list = try root.nestedUnkeyedContainer(forKey: .list)
            var values = [try outer.decode(String.self, forKey: .name)]
            var paths = [outer.codingPath.map(\.stringValue).joined(separator: "/")]
            while !list.isAtEnd {
                let item = try list.nestedContainer(keyedBy: Inner.self)
                values.append(try item.decode(String.self, forKey: .name))
                paths.append(item.codingPath.map(\.stringValue).joined(separator: "/"))
            }
            paths.append(list.codingPath.map(\.stringValue).joined(separator: "/"))
            self.values = values
            self.paths = paths
        }
    }

    @Test func nestedContainersAndPathsMatch() throws {
        let json = #"{"outer":{"name":"o"},"list":[{"name":"a"},{"name":"b"}]}"#
        #expect(try flexible(Manual.self, json) == foundation(Manual.self, json))
    }

    @Test func errorPathsMatchForOrdinaryTypeErrors() {
        struct Item: Decodable { let id: Int; let tags: [String] }
        struct Page: Decodable { let items: [Item] }
        for json in [#"{"items":[{"id":1,"tags":["a"]},{"id":2,"tags":["b",3]}]}"#,
                     #"{"items":[{"id":1,"tags":["a"]},{"tags":[]}]}"#,
                     #"{"items":[{"id":1,"tags":null}]}"#, #"{"items":{}}"#] {
            let ours = decodingFailure { _ = try flexible(Page.self, json) }
            let theirs = decodingFailure { _ = try foundation(Page.self, json) }
            #expect(ours?.kind == theirs?.kind, "\(json)")
            #expect(ours?.path == theirs?.path, "\(json)")
        }
    }
}

import Foundation
import Testing
import FlexibleDecoding

/// Key lookups start after the previous match in objects whose keys are all distinct; these rows pin
/// that the order keys are asked in never changes what is found, and that an object which repeats a
/// key still gives its first value.
@Suite struct KeyLookupOrderTests {
    /// Decodes `a`…`e` in the order given, each into `values[key]`.
    struct Ordered: Decodable {
        static let orderKey = CodingUserInfoKey(rawValue: "order")!
        enum Key: String, CodingKey, CaseIterable { case a, b, c, d, e }
        var values: [String: Int] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let order = decoder.userInfo[Self.orderKey] as? [Key] ?? Key.allCases
            for key in order {
                values[key.rawValue] = try container.decodeIfPresent(Int.self, forKey: key)
            }
        }
    }

    static let orders: [[Ordered.Key]] = [
        [.a, .b, .c, .d, .e], [.e, .d, .c, .b, .a], [.c, .a, .e, .b, .d], [.b, .b, .a, .a, .e],
        [.e, .e, .e], [.d, .a, .d, .a],
    ]

    @Test(arguments: orders)
    func anyLookupOrderFindsEveryKey(_ order: [Ordered.Key]) throws {
        let json = Data(#"{"a":1,"b":2,"c":3,"d":4,"e":5}"#.utf8)
        let value = try decodeOrdered(json, order: order)
        for key in order {
            #expect(value.values[key.rawValue] == ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5][key.rawValue])
        }
    }

    @Test(arguments: orders)
    func repeatedKeysGiveTheFirstValueInAnyOrder(_ order: [Ordered.Key]) throws {
        // `b` and `d` appear twice; `a` once, after an escaped key that spells it (`\u0061`).
        let json = Data(#"{"b":2,"d":4,"e":5,"b":20,"c":3,"d":40,"a":1,"\u0061":10}"#.utf8)
        let value = try decodeOrdered(json, order: order)
        for key in order {
            #expect(value.values[key.rawValue] == ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5][key.rawValue])
        }
    }

    @Test func missingKeyIsStillMissingAfterALookup() throws {
        let json = Data(#"{"a":1,"c":3}"#.utf8)
        let value = try decodeOrdered(json, order: [.c, .b, .a, .d])
        #expect(value.values == ["a": 1, "c": 3])
    }

    @Test func nestedObjectsKeepTheirOwnPlace() throws {
        struct Outer: Decodable, Equatable {
            struct Inner: Decodable, Equatable { let x: Int; let y: Int }
            let first: Inner
            let second: Inner
            let z: Int
        }
        let json = Data(#"{"z":9,"second":{"y":4,"x":3},"first":{"x":1,"y":2}}"#.utf8)
        let value = try FlexibleJSONDecoder().decode(Outer.self, from: json)
        #expect(value == Outer(first: .init(x: 1, y: 2), second: .init(x: 3, y: 4), z: 9))
    }

    private func decodeOrdered(_ json: Data, order: [Ordered.Key]) throws -> Ordered {
        var decoder = FlexibleJSONDecoder()
        decoder.userInfo = [Ordered.orderKey: order]
        return try decoder.decode(Ordered.self, from: json)
    }
}

import Foundation
import Testing
@testable import FlexibleDecoding

/// The short paths of the decoder give the same values and errors as the general ones: integers read by
/// `NumericText.shortInteger` (at most 18 characters) on both sides of that bound, the in-line key lookup,
/// and the per-decode memory of types that need their own `init(from:)`.
@Suite("Decode fast paths")
struct DecodeFastPathTests {
    /// A JSON number, the type it is decoded into, and the value (`nil`: the error kind expected).
    struct IntegerCase: Sendable, CustomStringConvertible {
        let json: String
        let decode: @Sendable (String) throws -> String
        let expected: String?
        let error: ErrorKind?
        var description: String { json }

        static func value<T: FixedWidthInteger & Decodable & Sendable>(_ json: String, _: T.Type, _ expected: T) -> Self {
            IntegerCase(json: json, decode: { String(try flexible(Box<T>.self, #"{"value":\#($0)}"#).value) },
                        expected: String(expected), error: nil)
        }

        static func failure<T: FixedWidthInteger & Decodable & Sendable>(_ json: String, _: T.Type, _ kind: ErrorKind) -> Self {
            IntegerCase(json: json, decode: { String(try flexible(Box<T>.self, #"{"value":\#($0)}"#).value) },
                        expected: nil, error: kind)
        }
    }

    static let integerCases: [IntegerCase] = [
        .value("0", Int.self, 0),
        .value("-0", Int.self, 0),
        .value("-0", UInt.self, 0),
        .value("7", UInt8.self, 7),
        .value("999999999999999999", Int64.self, 999_999_999_999_999_999),  // 18 characters: short path
        .value("-99999999999999999", Int64.self, -99_999_999_999_999_999),  // 18 characters with the sign
        .value("-999999999999999999", Int64.self, -999_999_999_999_999_999),  // 19: general path
        .value("1000000000000000000", UInt64.self, 1_000_000_000_000_000_000),  // 19: general path
        .value("127", Int8.self, 127),
        .value("-128", Int8.self, -128),
        .failure("128", Int8.self, .dataCorrupted),
        .failure("-1", UInt8.self, .dataCorrupted),
        .failure("-1", UInt64.self, .dataCorrupted),
        .failure("65536", UInt16.self, .dataCorrupted),
        .failure("1.5", Int.self, .dataCorrupted),
    ]

    @Test(arguments: integerCases)
    func shortIntegersMatchTheGeneralPath(_ testCase: IntegerCase) {
        do {
            let value = try testCase.decode(testCase.json)
            #expect(testCase.expected == value)
        } catch {
            #expect(testCase.error == classify(error).kind, "\(error)")
        }
    }

    @Test func outOfRangeShortIntegersKeepTheirMessage() throws {
        let error = try #require(throws: DecodingError.self) { try flexible(Box<Int8>.self, #"{"value":300}"#) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription == "Parsed JSON number 300 does not fit in Int8.")
        #expect(context.codingPath.map(\.stringValue) == ["value"])
    }

    struct Keys: Decodable, Equatable {
        let empty: Int
        let a: Int
        let abcdefghijklmnopq: Int  // longer than 16 bytes
        enum CodingKeys: String, CodingKey {
            case empty = "", a, abcdefghijklmnopq
        }
    }

    @Test(arguments: [
        #"{"":1,"a":2,"abcdefghijklmnopq":3}"#,  // document order: every lookup hits the hinted pair
        #"{"abcdefghijklmnopq":3,"a":2,"":1}"#,  // reverse order: every lookup scans
        #"{"a":2,"abcdefghijklmnopr":9,"abcdefghijklmnopq":3,"":1}"#,  // same length, last byte differs
    ])
    func keyLookupsFindEveryKeyInAnyOrder(_ json: String) throws {
        #expect(try flexible(Keys.self, json) == Keys(empty: 1, a: 2, abcdefghijklmnopq: 3))
    }

    /// A failed decode of a raw-keyed dictionary (not an object) must not make the decoder treat that type
    /// as plain afterwards: under a key strategy, `[String: Int]` keeps its keys as written.
    struct Retry: Decodable {
        let first: [String: Int]?
        let second: [String: Int]
        enum CodingKeys: String, CodingKey { case first, second }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try? container.decode([String: Int].self, forKey: .first)
            second = try container.decode([String: Int].self, forKey: .second)
        }
    }

    @Test func dictionaryKeysStayRawAfterAFailedDecodeOfTheSameType() throws {
        let value = try flexible(Retry.self, #"{"first":[1],"second":{"user_id":1}}"#) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
        }
        #expect(value.first == nil)
        #expect(value.second == ["user_id": 1])
    }

    struct Leaf: Decodable, Equatable { let id: Int }
    struct Tree: Decodable, Equatable { let leaves: [Leaf]; let more: [Leaf] }

    @Test func remembersPlainTypesWithoutLosingErrorPaths() {
        let failure = decodingFailure {
            _ = try flexible(Tree.self, #"{"leaves":[{"id":1},{"id":2}],"more":[{"id":3},{"id":"x"}]}"#)
        }
        #expect(failure?.kind == .typeMismatch)
        #expect(failure?.path == ["more", "Index 1", "id"])
    }
}

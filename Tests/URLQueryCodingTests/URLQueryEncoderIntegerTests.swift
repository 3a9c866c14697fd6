import Foundation
import Testing
import URLQueryCoding

/// Integers are kept as numbers in the encoder's tree and written digit by digit: every width and
/// extreme must come out exactly as `String(value)`, on every output and array strategy.
@Suite struct URLQueryEncoderIntegerTests {
    struct Widths: Encodable {
        let int: Int
        let int8: Int8
        let int16: Int16
        let int32: Int32
        let int64: Int64
        let uint: UInt
        let uint8: UInt8
        let uint16: UInt16
        let uint32: UInt32
        let uint64: UInt64
    }

    static let extremes: [Widths] = [
        Widths(int: .min, int8: .min, int16: .min, int32: .min, int64: .min,
               uint: .min, uint8: .min, uint16: .min, uint32: .min, uint64: .min),
        Widths(int: .max, int8: .max, int16: .max, int32: .max, int64: .max,
               uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max),
        Widths(int: -1, int8: -9, int16: -10, int32: -99, int64: -100,
               uint: 9, uint8: 10, uint16: 99, uint32: 100, uint64: 1_000_000_007),
    ]

    static func expected(_ value: Widths) -> String {
        "int=\(value.int)&int16=\(value.int16)&int32=\(value.int32)&int64=\(value.int64)&int8=\(value.int8)"
            + "&uint=\(value.uint)&uint16=\(value.uint16)&uint32=\(value.uint32)&uint64=\(value.uint64)&uint8=\(value.uint8)"
    }

    @Test(arguments: extremes) func keyedIntegersMatchStringOnEveryOutput(_ value: Widths) throws {
        let encoder = URLQueryEncoder()
        #expect(try encoder.encodeQueryString(value) == Self.expected(value))
        #expect(try String(decoding: encoder.encodeFormBody(value), as: UTF8.self) == Self.expected(value))
        let items = try encoder.encode(value).map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        #expect(items == Self.expected(value))
    }

    struct Lists: Encodable {
        let ints: [Int]
        let int64s: [Int64]
        let uint64s: [UInt64]
    }

    static let lists = Lists(
        ints: [Int.min, -1, 0, 7, Int.max], int64s: [Int64.min, 42], uint64s: [UInt64.max, 0]
    )

    @Test(arguments: URLQueryEncoder.ArrayEncodingStrategy.allCases)
    func arrayIntegersMatchStringOnEveryStrategy(_ strategy: URLQueryEncoder.ArrayEncodingStrategy) throws {
        let encoder = URLQueryEncoder(arrayEncodingStrategy: strategy)
        let wire = try encoder.encodeQueryString(Self.lists)
        let items = try encoder.encode(Self.lists)
        // The same document with every number spelled out as a string first.
        let strings = StringLists(
            ints: Self.lists.ints.map { String($0) }, int64s: Self.lists.int64s.map { String($0) },
            uint64s: Self.lists.uint64s.map { String($0) }
        )
        #expect(wire == (try encoder.encodeQueryString(strings)))
        #expect(items == (try encoder.encode(strings)))
    }

    struct StringLists: Encodable {
        let ints: [String]
        let int64s: [String]
        let uint64s: [String]
    }

    @Test func topLevelIntegerWithRootKey() throws {
        #expect(try URLQueryEncoder().encodeQueryString(Int.min, rootKey: "n") == "n=\(Int.min)")
        #expect(try URLQueryEncoder().encodeQueryString(Int64.max, rootKey: "n") == "n=\(Int64.max)")
        #expect(try URLQueryEncoder().encode(-5, rootKey: "n") == [URLQueryItem(name: "n", value: "-5")])
    }

    @Test func flattenedIntegersStillDetectCollisions() {
        struct Inner: Encodable { let x: Int }
        struct Outer: Encodable { let a: Inner; let b: Inner }
        let encoder = URLQueryEncoder(objectEncodingStrategy: .flattened)
        #expect(throws: URLQueryEncoder.EncodingError.self) { try encoder.encodeQueryString(Outer(a: .init(x: 1), b: .init(x: 2))) }
    }
}

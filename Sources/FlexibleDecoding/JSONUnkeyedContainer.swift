import Foundation

/// `UnkeyedDecodingContainer` of `FlexibleJSONDecoder`: a cursor over an array's element subtrees.
/// A failed decode does not move the cursor, as in `JSONDecoder`.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONTreeDecoder
    let depth: Int
    let suffix: [CodingPathComponent]
    private let elementCount: Int
    private var cursor: Int
    private(set) var currentIndex = 0

    init(decoder: JSONTreeDecoder, array: Int, depth: Int, suffix: [CodingPathComponent]) {
        self.decoder = decoder
        self.depth = depth
        self.suffix = suffix
        elementCount = decoder.document.nodes[array].offset
        cursor = array + 1
    }

    var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, suffix: suffix) }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    private var elementPath: [any CodingKey] {
        decoder.codingPath(depth: depth, suffix: suffix, adding: .index(currentIndex))
    }

    @inline(__always)
    private mutating func advance() {
        cursor += decoder.document.nodes[cursor].span
        currentIndex += 1
    }

    @inline(__always)
    private func ensureNotAtEnd(_ type: Any.Type) throws {
        if isAtEnd {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
        }
    }

    @inline(__always)
    private mutating func scalar<T>(_ unwrap: (Int) throws(ScalarFailure) -> T) throws -> T {
        try ensureNotAtEnd(T.self)
        let value: T
        do { value = try unwrap(cursor) } catch { throw error.decodingError(T.self, codingPath: elementPath) }
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        try ensureNotAtEnd(Any?.self)
        if decoder.document.nodes[cursor].kind == .null {
            advance()
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapBool(at: i) } }
    mutating func decode(_ type: String.Type) throws -> String { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapString(at: i) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapDouble(at: i) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapFloat(at: i) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(Int.self, at: i) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(Int8.self, at: i) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(Int16.self, at: i) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(Int32.self, at: i) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(Int64.self, at: i) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(UInt.self, at: i) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(UInt8.self, at: i) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(UInt16.self, at: i) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(UInt32.self, at: i) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(UInt64.self, at: i) } }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(Int128.self, at: i) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar { [decoder] i throws(ScalarFailure) in try decoder.unwrapInteger(UInt128.self, at: i) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ensureNotAtEnd(T.self)
        let value = try decoder.decodeValue(T.self, at: cursor, depth: depth, suffix: suffix, component: { .index(currentIndex) })
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try ensureNotAtEnd(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder.keyedContainer(NestedKey.self, at: cursor, depth: depth, suffix: suffix + [.index(currentIndex)])
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ensureNotAtEnd((any UnkeyedDecodingContainer).self)
        let container = try decoder.unkeyedContainer(at: cursor, depth: depth, suffix: suffix + [.index(currentIndex)])
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        try ensureNotAtEnd((any Decoder).self)
        let subDecoder = decoder.subDecoder(at: cursor, depth: depth, suffix: suffix, component: .index(currentIndex))
        advance()
        return subDecoder
    }
}

import Foundation

/// `SingleValueDecodingContainer` of `FlexibleJSONDecoder`.
struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONTreeDecoder
    let node: Int
    let depth: Int

    var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, suffix: []) }

    func decodeNil() -> Bool { decoder.document.nodes[node].kind == .null }

    @inline(__always)
    private func scalar<T>(_ unwrap: (Int) throws(ScalarFailure) -> T) throws -> T {
        do { return try unwrap(node) } catch { throw error.decodingError(T.self, codingPath: codingPath) }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar { i throws(ScalarFailure) in try decoder.unwrapBool(at: i) } }
    func decode(_ type: String.Type) throws -> String { try scalar { i throws(ScalarFailure) in try decoder.unwrapString(at: i) } }
    func decode(_ type: Double.Type) throws -> Double { try scalar { i throws(ScalarFailure) in try decoder.unwrapDouble(at: i) } }
    func decode(_ type: Float.Type) throws -> Float { try scalar { i throws(ScalarFailure) in try decoder.unwrapFloat(at: i) } }
    func decode(_ type: Int.Type) throws -> Int { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(Int.self, at: i) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(Int8.self, at: i) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(Int16.self, at: i) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(Int32.self, at: i) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(Int64.self, at: i) } }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt.self, at: i) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt8.self, at: i) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt16.self, at: i) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt32.self, at: i) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt64.self, at: i) } }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(Int128.self, at: i) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt128.self, at: i) } }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(T.self, at: node, depth: depth, suffix: [], component: { nil })
    }
}

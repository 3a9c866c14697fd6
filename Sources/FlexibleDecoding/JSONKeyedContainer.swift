import Foundation

/// `KeyedDecodingContainerProtocol` of `FlexibleJSONDecoder`.
///
/// With the default key strategy a key is found by a linear scan comparing the key's UTF-8 bytes with
/// the raw key bytes in the input — no `String` is made per JSON key. Objects with many keys, and key
/// strategies that rewrite JSON keys, use a table built once per container. The first occurrence of a
/// duplicated key wins.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The container's one stored field (see `JSONKeyedContainerState`).
    let state: JSONKeyedContainerState

    /// The decoder whose document holds the object.
    @inline(__always) var decoder: JSONTreeDecoder { state.decoder }
    /// The index of the object node.
    @inline(__always) var object: Int { state.object }
    /// The decoder path depth at which the container was made.
    @inline(__always) var depth: Int { state.depth }
    /// Path components after `decoder.path[..<depth]`.
    @inline(__always) var suffix: [CodingPathComponent] { state.suffix }
    /// Converted (or, for large objects, raw) JSON key → value node index; `nil` means linear scan.
    @inline(__always) private var table: [String: Int]? { state.table }

    init(state: JSONKeyedContainerState) {
        self.state = state
    }

    var codingPath: [any CodingKey] { decoder.codingPath(depth: depth, suffix: suffix) }

    var allKeys: [Key] {
        if let table {
            // Keep document order even when a table exists.
            var keys: [Key] = []
            let byIndex = Dictionary(table.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            decoder.document.forEachPair(inObject: object) { _, value in
                if let name = byIndex[value], let key = Key(stringValue: name) { keys.append(key) }
            }
            return keys
        }
        var keys: [Key] = []
        var seen = Set<String>()
        decoder.document.forEachPair(inObject: object) { key, _ in
            let name = decoder.document.string(of: key)
            if seen.insert(name).inserted, let codingKey = Key(stringValue: name) { keys.append(codingKey) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    @inline(__always)
    private func lookup(_ key: Key) -> Int? {
        if let table { return table[key.stringValue] }
        return JSONDocument.valueIndex(forKey: key.stringValue, inObject: object, nodes: state.nodes, bytes: state.bytes)
    }

    @inline(__always)
    private func valueIndex(for key: Key) throws -> Int {
        guard let index = lookup(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    @inline(__always)
    private func scalar<T>(_ key: Key, _ unwrap: (Int) throws(ScalarFailure) -> T) throws -> T {
        let index = try valueIndex(for: key)
        do { return try unwrap(index) } catch {
            throw error.decodingError(T.self, codingPath: decoder.codingPath(depth: depth, suffix: suffix, adding: .key(key)))
        }
    }

    @inline(__always)
    private func scalarIfPresent<T>(_ key: Key, _ unwrap: (Int) throws(ScalarFailure) -> T) throws -> T? {
        guard let index = lookup(key), state.nodes[index].kind != .null else { return nil }
        do { return try unwrap(index) } catch {
            throw error.decodingError(T.self, codingPath: decoder.codingPath(depth: depth, suffix: suffix, adding: .key(key)))
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        state.nodes[try valueIndex(for: key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapBool(at: i) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapString(at: i) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapDouble(at: i) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapFloat(at: i) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int.self, at: i) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int8.self, at: i) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int16.self, at: i) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int32.self, at: i) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int64.self, at: i) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt.self, at: i) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt8.self, at: i) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt16.self, at: i) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt32.self, at: i) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt64.self, at: i) } }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int128.self, at: i) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try scalar(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt128.self, at: i) } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try valueIndex(for: key)
        return try decoder.decodeValue(T.self, at: index, depth: depth, suffix: suffix, component: { .key(key) })
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapBool(at: i) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapString(at: i) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapDouble(at: i) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapFloat(at: i) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int.self, at: i) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int8.self, at: i) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int16.self, at: i) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int32.self, at: i) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int64.self, at: i) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt.self, at: i) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt8.self, at: i) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt16.self, at: i) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt32.self, at: i) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt64.self, at: i) } }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(Int128.self, at: i) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try scalarIfPresent(key) { i throws(ScalarFailure) in try decoder.unwrapInteger(UInt128.self, at: i) } }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = lookup(key), state.nodes[index].kind != .null else { return nil }
        return try decoder.decodeValue(T.self, at: index, depth: depth, suffix: suffix, component: { .key(key) })
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(NestedKey.self, at: try valueIndex(for: key), depth: depth, suffix: suffix + [.key(key)])
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(at: try valueIndex(for: key), depth: depth, suffix: suffix + [.key(key)])
    }

    func superDecoder() throws -> any Decoder {
        let index = decoder.document.valueIndex(forKey: "super", inObject: object) ?? decoder.document.nullNode
        return decoder.subDecoder(at: index, depth: depth, suffix: suffix, component: .superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.subDecoder(at: lookup(key) ?? decoder.document.nullNode, depth: depth, suffix: suffix, component: .key(key))
    }
}

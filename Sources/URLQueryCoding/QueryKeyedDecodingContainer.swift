/// Keyed container of `QueryValueDecoder`: reads the children of one level.
struct QueryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: QueryValueDecoder
    let level: QueryDecodingNode

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        level.children.keys.sorted().compactMap { Key(stringValue: decoder.context.declaredKey($0)) }
    }

    private func node(for key: Key) -> QueryDecodingNode? {
        let declared = key.stringValue
        let wire = decoder.context.wireKey(declared)
        if let node = level.children[wire] { return node }
        return wire == declared ? nil : level.children[declared]
    }

    private func child(_ key: Key) -> QueryValueDecoder {
        decoder.child(key, node: node(for: key), level: level)
    }

    func contains(_ key: Key) -> Bool { node(for: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { node(for: key) == nil }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeValue(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeValue(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeValue(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeValue(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeValue(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeValue(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeValue(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeValue(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeValue(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeValue(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

    /// Under `.flattened` a nested object has no key of its own: an optional nested object is present
    /// when its required fields are.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if node(for: key) != nil { return try child(key).decodeValue(type) }
        guard decoder.context.options.objectDecodingStrategy == .flattened else { return nil }
        do {
            return try decoder.child(key, node: nil, level: level, flattenedOptional: true).decodeValue(type)
        } catch DecodingError.keyNotFound, DecodingError.valueNotFound {
            return nil
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(QueryCodingKey.super, node: level.children["super"], level: level)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { child(key) }
}

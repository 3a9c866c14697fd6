/// Keyed container of `QueryStreamEncoder`: writes each property as `&name[key]=value` straight into
/// the output (an object level of the encoder, checked live before every write).
struct QueryStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryStreamEncoder
    /// The object's level in the encoder's stack, and its id there.
    let depth: Int
    let id: Int

    var codingPath: [any CodingKey] { encoder.codingPath(ofLevel: depth) }

    @inline(__always)
    private func write(_ text: String, _ key: Key) throws {
        try encoder.beginKeyedScalar(depth: depth, id: id, key: key.stringValue)
        encoder.appendValue(text)
    }

    @inline(__always)
    private func write<I: BinaryInteger>(integer value: I, _ key: Key) throws {
        try encoder.beginKeyedScalar(depth: depth, id: id, key: key.stringValue)
        encoder.appendValue(integer: value)
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { try write(encoder.context.format(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try write(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try write(try encoder.context.format(value, codingPath: { [] }), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try write(try encoder.context.format(value, codingPath: { [] }), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        try encoder.beginKeyedScalar(depth: depth, id: id, key: key.stringValue)
        encoder.appendValue(integer: value)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try write(integer: value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try write(integer: value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encodeKeyed(value, depth: depth, id: id, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let (depth, id) = encoder.openNestedLevel(depth: depth, id: id, key: key, isArray: false)
        return KeyedEncodingContainer(QueryStreamKeyedContainer<NestedKey>(encoder: encoder, depth: depth, id: id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (depth, id) = encoder.openNestedLevel(depth: depth, id: id, key: key, isArray: true)
        return QueryStreamUnkeyedContainer(encoder: encoder, depth: depth, id: id)
    }

    /// Not written in one pass: the tree encoder takes the value.
    mutating func superEncoder() -> any Encoder {
        encoder.abandon()
        return encoder
    }

    /// Not written in one pass: the tree encoder takes the value.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.abandon()
        return encoder
    }
}

/// Keyed container of `QueryValueEncoder`: appends `(key, value)` to an object of the tree.
struct QueryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private func append(_ value: QueryEncodedValue, _ key: Key) {
        encoder.entries.append(QueryEncodedEntry(key: encoder.context.wireKey(key.stringValue), value: value))
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { append(.scalar(encoder.context.format(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { append(.scalar(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        append(.scalar(try encoder.context.format(value, codingPath: { encoder.codingPath(appending: key) })), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        append(.scalar(try encoder.context.format(value, codingPath: { encoder.codingPath(appending: key) })), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { append(QueryEncodedValue(integer: value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let boxed = try encoder.box(value, key: key) { append(boxed, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(key: key, kind: .object)
        append(.object(child), key)
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(encoder: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = encoder.child(key: key, kind: .array)
        append(.array(child), key)
        return QueryUnkeyedEncodingContainer(encoder: child)
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.child(key: QueryCodingKey.super, kind: .none)
        encoder.entries.append(QueryEncodedEntry(key: encoder.context.wireKey("super"), value: .deferred(child)))
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = encoder.child(key: key, kind: .none)
        append(.deferred(child), key)
        return child
    }
}

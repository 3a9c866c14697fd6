/// Keyed container of `QueryValueEncoder`: appends `(key, value)` to an object of the tree.
struct QueryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryValueEncoder
    let object: QueryEncodedObject

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private func append(_ value: QueryEncodedValue, _ key: Key) {
        object.entries.append((encoder.context.wireKey(key.stringValue), value))
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
    mutating func encode(_ value: Int, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { append(.scalar(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { append(.scalar(String(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let boxed = try encoder.box(value, key: key) { append(boxed, key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: key)
        let nested = QueryEncodedObject()
        child.value = .object(nested)
        append(.object(nested), key)
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(encoder: child, object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: key)
        let nested = QueryEncodedArray()
        child.value = .array(nested)
        append(.array(nested), key)
        return QueryUnkeyedEncodingContainer(encoder: child, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: QueryCodingKey.super)
        object.entries.append((encoder.context.wireKey("super"), .deferred(child)))
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: key)
        append(.deferred(child), key)
        return child
    }
}

/// Keyed container of `QueryValueEncoder`: appends `(key, value)` to an object of the tree.
struct QueryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let tree: QueryEncodingTree
    let node: Int

    var codingPath: [any CodingKey] { tree.codingPath(of: node) }

    private var encoder: QueryValueEncoder { QueryValueEncoder(tree: tree, node: node) }

    @inline(__always)
    private func append(_ value: QueryEncodedValue, _ key: Key) {
        tree.appendEntry(key: tree.context.wireKey(key.stringValue), value: value, to: node)
    }

    /// An explicit `null` (an optional left out never gets here) is an empty value: `key=`.
    mutating func encodeNil(forKey key: Key) throws { append(.scalar(""), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { append(.scalar(tree.context.format(value)), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { append(.scalar(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        append(.scalar(try tree.context.format(value, codingPath: { encoder.codingPath(appending: key) })), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        append(.scalar(try tree.context.format(value, codingPath: { encoder.codingPath(appending: key) })), key)
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
        let child = tree.addNode(parent: node, key: key, kind: .object)
        append(.object(child), key)
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(tree: tree, node: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = tree.addNode(parent: node, key: key, kind: .array)
        append(.array(child), key)
        return QueryUnkeyedEncodingContainer(tree: tree, node: child)
    }

    mutating func superEncoder() -> any Encoder {
        let child = tree.addNode(parent: node, key: QueryCodingKey.super, kind: .none)
        tree.appendEntry(key: tree.context.wireKey("super"), value: .deferred(child), to: node)
        return QueryValueEncoder(tree: tree, node: child)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = tree.addNode(parent: node, key: key, kind: .none)
        append(.deferred(child), key)
        return QueryValueEncoder(tree: tree, node: child)
    }
}

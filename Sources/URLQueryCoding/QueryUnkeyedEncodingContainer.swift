/// Unkeyed container of `QueryValueEncoder`: appends elements to an array of the tree.
struct QueryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: QueryValueEncoder
    let array: QueryEncodedArray

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.elements.count }

    private var nextKey: QueryCodingKey { QueryCodingKey(index: array.elements.count) }

    @inline(__always)
    private func append(_ value: QueryEncodedValue) { array.elements.append(value) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.scalar(encoder.context.format(value))) }
    mutating func encode(_ value: String) throws { append(.scalar(value)) }
    mutating func encode(_ value: Double) throws {
        let key = nextKey
        append(.scalar(try encoder.context.format(value, codingPath: { encoder.codingPath(appending: key) })))
    }
    mutating func encode(_ value: Float) throws {
        let key = nextKey
        append(.scalar(try encoder.context.format(value, codingPath: { encoder.codingPath(appending: key) })))
    }
    mutating func encode(_ value: Int) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: Int8) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: Int16) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: Int32) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: Int64) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: UInt) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: UInt8) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: UInt16) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: UInt32) throws { append(.scalar(String(value))) }
    mutating func encode(_ value: UInt64) throws { append(.scalar(String(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encoder.box(value, key: nextKey) ?? .null)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: nextKey)
        let nested = QueryEncodedObject()
        child.value = .object(nested)
        append(.object(nested))
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(encoder: child, object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: nextKey)
        let nested = QueryEncodedArray()
        child.value = .array(nested)
        append(.array(nested))
        return QueryUnkeyedEncodingContainer(encoder: child, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let child = QueryValueEncoder(context: encoder.context, parent: encoder, key: nextKey)
        append(.deferred(child))
        return child
    }
}

/// Unkeyed container of `QueryValueEncoder`: appends elements to an array of the tree.
struct QueryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: QueryValueEncoder
    /// The last element type found to have no scalar form: an array's elements are usually all of one
    /// type, so the next ones skip the type checks of `encodedScalar`.
    private var compositeType: ObjectIdentifier?

    init(encoder: QueryValueEncoder) {
        self.encoder = encoder
    }

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.elements.count }

    private var nextKey: QueryCodingKey { QueryCodingKey(index: encoder.elements.count) }

    @inline(__always)
    private func append(_ value: QueryEncodedValue) { encoder.elements.append(value) }

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
    mutating func encode(_ value: Int) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int8) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int16) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int32) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: Int64) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt8) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt16) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt32) throws { append(QueryEncodedValue(integer: value)) }
    mutating func encode(_ value: UInt64) throws { append(QueryEncodedValue(integer: value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        let type = ObjectIdentifier(T.self)
        if type != compositeType {
            if let scalar = try encoder.context.encodedScalar(for: value, codingPath: { encoder.codingPath(appending: key) }) {
                append(scalar)
                return
            }
            compositeType = type
        }
        append(try encoder.boxComposite(value, key: key) ?? .null)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.child(key: nextKey, kind: .object)
        append(.object(child))
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(encoder: child))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.child(key: nextKey, kind: .array)
        append(.array(child))
        return QueryUnkeyedEncodingContainer(encoder: child)
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.child(key: nextKey, kind: .none)
        append(.deferred(child))
        return child
    }
}

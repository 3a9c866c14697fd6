/// Unkeyed container of `QueryStreamEncoder`: writes each element as `&name[index]=value` (or
/// `name[]=`, `name=` under `.bracketed`, `.repeated`) straight into the output.
struct QueryStreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: QueryStreamEncoder
    /// The array's level in the encoder's stack, and its id there.
    let depth: Int
    let id: Int

    var codingPath: [any CodingKey] { encoder.codingPath(ofLevel: depth) }
    var count: Int { encoder.elementCount(depth: depth, id: id) }

    @inline(__always)
    private func write(_ text: String) throws {
        try encoder.beginElementScalar(depth: depth, id: id)
        encoder.appendValue(text)
    }

    @inline(__always)
    private func write<I: BinaryInteger>(integer value: I) throws {
        try encoder.beginElementScalar(depth: depth, id: id)
        encoder.appendValue(integer: value)
    }

    mutating func encodeNil() throws { try encoder.skipElement(depth: depth, id: id) }
    mutating func encode(_ value: Bool) throws { try write(encoder.context.format(value)) }
    mutating func encode(_ value: String) throws { try write(value) }
    mutating func encode(_ value: Double) throws { try write(try encoder.context.format(value, codingPath: { [] })) }
    mutating func encode(_ value: Float) throws { try write(try encoder.context.format(value, codingPath: { [] })) }
    mutating func encode(_ value: Int) throws {
        try encoder.beginElementScalar(depth: depth, id: id)
        encoder.appendValue(integer: value)
    }
    mutating func encode(_ value: Int8) throws { try write(integer: value) }
    mutating func encode(_ value: Int16) throws { try write(integer: value) }
    mutating func encode(_ value: Int32) throws { try write(integer: value) }
    mutating func encode(_ value: Int64) throws { try write(integer: value) }
    mutating func encode(_ value: UInt) throws { try write(integer: value) }
    mutating func encode(_ value: UInt8) throws { try write(integer: value) }
    mutating func encode(_ value: UInt16) throws { try write(integer: value) }
    mutating func encode(_ value: UInt32) throws { try write(integer: value) }
    mutating func encode(_ value: UInt64) throws { try write(integer: value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeElement(value, depth: depth, id: id)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (depth, id) = encoder.openNestedElementLevel(depth: depth, id: id, isArray: false)
        return encoder.keyedContainer(NestedKey.self, depth: depth, id: id)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (depth, id) = encoder.openNestedElementLevel(depth: depth, id: id, isArray: true)
        return QueryStreamUnkeyedContainer(encoder: encoder, depth: depth, id: id)
    }

    /// Not written in one pass: the tree encoder takes the value.
    mutating func superEncoder() -> any Encoder {
        encoder.abandon()
        return encoder
    }
}

/// Keyed container of `QueryStreamEncoder`: writes each property as `&name[key]=value` straight into
/// the output (an object level of the encoder, checked live before every write).
///
/// A container the encoder keeps for reuse reads its level from a `QueryStreamKeyedState`, which the
/// encoder repoints when it hands the container's box out for another object; any other container
/// holds its level itself (no state object to allocate).
struct QueryStreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryStreamEncoder
    private let state: QueryStreamKeyedState?
    private let ownDepth: Int
    private let ownID: Int

    /// A container on level `depth` (`id`) of `encoder`.
    init(encoder: QueryStreamEncoder, depth: Int, id: Int) {
        self.encoder = encoder
        state = nil
        ownDepth = depth
        ownID = id
    }

    /// A container whose level `state` says (a container kept for reuse).
    init(state: QueryStreamKeyedState) {
        encoder = state.encoder
        self.state = state
        ownDepth = 0
        ownID = 0
    }

    /// The object's level in the encoder's stack, and its id there.
    @inline(__always) private var depth: Int { state?.depth ?? ownDepth }
    @inline(__always) private var id: Int { state?.id ?? ownID }

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
        return encoder.keyedContainer(NestedKey.self, depth: depth, id: id)
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

/// Single-value container of `QueryStreamEncoder`: writes the slot's value as `&name=value`, or lets
/// a wrapped value open its containers in the same slot.
struct QueryStreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: QueryStreamEncoder
    /// The slot this container writes (checked current before every write).
    let slotID: Int

    var codingPath: [any CodingKey] { encoder.codingPath }

    @inline(__always)
    private func write(_ text: String) throws {
        guard encoder.isCurrentSlot(slotID) else { throw encoder.fallBack() }
        try encoder.beginSlotScalar()
        encoder.appendValue(text)
    }

    @inline(__always)
    private func write<I: BinaryInteger>(integer value: I) throws {
        guard encoder.isCurrentSlot(slotID) else { throw encoder.fallBack() }
        try encoder.beginSlotScalar()
        encoder.appendValue(integer: value)
    }

    /// Writes nothing; after a value (which the tree encoder would erase) the tree encoder takes over.
    mutating func encodeNil() throws {
        guard encoder.isCurrentSlot(slotID), encoder.slotIsEmpty else { throw encoder.fallBack() }
    }
    mutating func encode(_ value: Bool) throws { try write(encoder.context.format(value)) }
    mutating func encode(_ value: String) throws { try write(value) }
    mutating func encode(_ value: Double) throws { try write(try encoder.context.format(value, codingPath: { [] })) }
    mutating func encode(_ value: Float) throws { try write(try encoder.context.format(value, codingPath: { [] })) }
    mutating func encode(_ value: Int) throws { try write(integer: value) }
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
        try encoder.encodeInSlot(value, slotID: slotID)
    }
}

/// Single-value container of `QueryValueEncoder`: sets the encoder's value to a scalar.
struct QuerySingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: QueryValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: String) { encoder.tree.setKind(.scalar(value), of: encoder.node) }

    mutating func encodeNil() throws { encoder.tree.setKind(.none, of: encoder.node) }
    mutating func encode(_ value: Bool) throws { set(encoder.tree.context.format(value)) }
    mutating func encode(_ value: String) throws { set(value) }
    mutating func encode(_ value: Double) throws { set(try encoder.tree.context.format(value, codingPath: { encoder.codingPath })) }
    mutating func encode(_ value: Float) throws { set(try encoder.tree.context.format(value, codingPath: { encoder.codingPath })) }
    mutating func encode(_ value: Int) throws { set(String(value)) }
    mutating func encode(_ value: Int8) throws { set(String(value)) }
    mutating func encode(_ value: Int16) throws { set(String(value)) }
    mutating func encode(_ value: Int32) throws { set(String(value)) }
    mutating func encode(_ value: Int64) throws { set(String(value)) }
    mutating func encode(_ value: UInt) throws { set(String(value)) }
    mutating func encode(_ value: UInt8) throws { set(String(value)) }
    mutating func encode(_ value: UInt16) throws { set(String(value)) }
    mutating func encode(_ value: UInt32) throws { set(String(value)) }
    mutating func encode(_ value: UInt64) throws { set(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let scalar = try encoder.tree.context.scalar(for: value, codingPath: { encoder.codingPath }) {
            set(scalar)
            return
        }
        // Encode the wrapped value into this same encoder (its containers replace our value).
        try encoder.encodeContents(value)
    }
}

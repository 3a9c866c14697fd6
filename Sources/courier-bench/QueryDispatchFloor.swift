/// The cost of `Encodable` itself, below which no `Encoder` can go: an encoder that walks a value
/// through the standard `encode(to:)` calls and containers but writes nothing (it only counts the
/// values and key bytes it is handed, so the calls cannot be optimised away). `courier-bench query`
/// prints it next to the floor to show how much of `URLQueryEncoder`'s time is the protocol's.
final class QueryDispatchFloor: Encoder {
    /// Values and key bytes seen (read after a run so the work is kept).
    private(set) var tally = 0

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Walks `value` and returns the tally.
    static func walk<T: Encodable>(_ value: T) -> Int {
        let encoder = QueryDispatchFloor()
        try? value.encode(to: encoder)
        return encoder.tally
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    fileprivate func count(_ key: some CodingKey) { tally &+= key.stringValue.utf8.count }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: QueryDispatchFloor
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { encoder.count(key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.count(key) }
        mutating func encode(_ value: String, forKey key: Key) throws { encoder.count(key); encoder.tally &+= value.utf8.count }
        mutating func encode(_ value: Double, forKey key: Key) throws { encoder.count(key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { encoder.count(key); encoder.tally &+= value }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.count(key)
            try value.encode(to: encoder)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unkeyed(encoder: encoder) }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: QueryDispatchFloor
        var codingPath: [any CodingKey] { [] }
        var count = 0
        mutating func encodeNil() throws { count += 1 }
        mutating func encode(_ value: String) throws { count += 1; encoder.tally &+= value.utf8.count }
        mutating func encode(_ value: Int) throws { count += 1; encoder.tally &+= value }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try value.encode(to: encoder)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: NestedKey.self)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: encoder) }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: QueryDispatchFloor
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws {}
        mutating func encode(_ value: String) throws { encoder.tally &+= value.utf8.count }
        mutating func encode(_ value: Int) throws { encoder.tally &+= value }
        mutating func encode(_ value: Bool) throws { encoder.tally &+= 1 }
        mutating func encode(_ value: Double) throws { encoder.tally &+= 1 }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
    }
}

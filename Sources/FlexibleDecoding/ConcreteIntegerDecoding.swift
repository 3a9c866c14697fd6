/// `decode(T.self)` for a generic integer type `T`, routed to the container's own overload for the
/// concrete type (`decode(Int.self)`, `decode(Int64.self)`, …).
///
/// From generic code a plain `decode(T.self)` reaches the container's generic `decode<T: Decodable>`,
/// which decoders handle as an arbitrary type (Foundation's `JSONDecoder` checks for its special types,
/// then runs `Int.init(from:)` on a nested decoder); the concrete overloads read the value directly.
/// Every `unsafeBitCast` below runs only after `T.self ==` proved the two types identical.
@usableFromInline
enum ConcreteIntegerDecoding {
    @inlinable
    static func decode<T: FixedWidthInteger & Decodable>(_: T.Type, from container: any SingleValueDecodingContainer) throws -> T {
        if T.self == Int.self { return unsafeBitCast(try container.decode(Int.self), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try container.decode(Int64.self), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try container.decode(Int32.self), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try container.decode(UInt64.self), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try container.decode(UInt.self), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try container.decode(UInt32.self), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try container.decode(Int16.self), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try container.decode(UInt16.self), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try container.decode(Int8.self), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try container.decode(UInt8.self), to: T.self) }
        return try container.decode(T.self)
    }

    @inlinable
    static func decode<T: FixedWidthInteger & Decodable, Key: CodingKey>(
        _: T.Type, forKey key: Key, from container: KeyedDecodingContainer<Key>
    ) throws -> T {
        if T.self == Int.self { return unsafeBitCast(try container.decode(Int.self, forKey: key), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try container.decode(Int64.self, forKey: key), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try container.decode(Int32.self, forKey: key), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try container.decode(UInt64.self, forKey: key), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try container.decode(UInt.self, forKey: key), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try container.decode(UInt32.self, forKey: key), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try container.decode(Int16.self, forKey: key), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try container.decode(UInt16.self, forKey: key), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try container.decode(Int8.self, forKey: key), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try container.decode(UInt8.self, forKey: key), to: T.self) }
        return try container.decode(T.self, forKey: key)
    }

    @inlinable
    static func decode<T: FixedWidthInteger & Decodable, Container: UnkeyedDecodingContainer>(
        _: T.Type, from container: inout Container
    ) throws -> T {
        if T.self == Int.self { return unsafeBitCast(try container.decode(Int.self), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try container.decode(Int64.self), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try container.decode(Int32.self), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try container.decode(UInt64.self), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try container.decode(UInt.self), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try container.decode(UInt32.self), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try container.decode(Int16.self), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try container.decode(UInt16.self), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try container.decode(Int8.self), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try container.decode(UInt8.self), to: T.self) }
        return try container.decode(T.self)
    }
}

/// A property wrapper that lets a synthesized `Codable` type accept an integer sent as `123`, `"123"` or
/// `123.0`, with any decoder (Foundation's `JSONDecoder` included). Encodes back as a plain number.
///
/// ```swift
/// struct UserDTO: Codable {
///     @FlexibleInt var userId: Int          // {"userId":"123"} → 123
///     @FlexibleInt var fileSize: UInt64     // any FixedWidthInteger
///     let name: String
/// }
/// ```
/// Use it when the DTO must decode with a decoder you do not control (Foundation's `JSONDecoder` in a
/// shared pipeline, a plist decoder); with ``FlexibleJSONDecoder`` no wrapper is needed at all. A missing
/// key throws `keyNotFound` and `null` throws `valueNotFound`; use ``FlexibleOptionalInt`` for a field that
/// may be absent.
@propertyWrapper
public struct FlexibleInt<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable, Hashable {
    /// The decoded integer, read and written as the property itself.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`; what the compiler calls for a default value or a memberwise initializer.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the integer with the fallbacks Int → numeric String → integral number → throw.
    ///
    /// - Throws: `DecodingError.valueNotFound` for `null`, `typeMismatch` for a non-numeric value,
    ///   `dataCorrupted` for a fraction or a value that does not fit `Value`.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decodeIntegerFlexible(Value.self)
    }

    /// Encodes the integer as a plain number, so a round trip normalizes `"123"` to `123`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// What a synthesized `init(from:)` calls for a `@FlexibleInt` property: reads the integer straight
    /// from this container (the same fallbacks and errors as `init(from:)`), without a nested decoder
    /// for the property. Inlinable so the caller's concrete types specialize it.
    @inlinable
    public func decode<Value>(_ type: FlexibleInt<Value>.Type, forKey key: Key) throws -> FlexibleInt<Value> {
        FlexibleInt(wrappedValue: try decodeIntegerFlexible(Value.self, forKey: key))
    }
}

/// The optional form of `FlexibleInt`: a missing key or `null` decodes as `nil`; `123`, `"123"` and
/// `123.0` decode as the integer; anything else (`"abc"`, `123.5`) still throws. `nil` is omitted when
/// encoding, like a synthesized optional property.
///
/// ```swift
/// struct NoticeDTO: Codable {
///     @FlexibleOptionalInt var parentId: Int?   // {} → nil, {"parentId":"7"} → 7
/// }
/// ```
@propertyWrapper
public struct FlexibleOptionalInt<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable, Hashable {
    /// The decoded integer, or `nil` when the key was missing or `null`.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`; what the compiler calls for a default value or a memberwise initializer.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes `null` as `nil`, otherwise the integer with the fallbacks Int → numeric String → integral
    /// number. A present non-integer throws (`typeMismatch` or `dataCorrupted`) rather than becoming `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decodeIntegerFlexible(Value.self)
    }

    /// Encodes the integer, or `null` when it is `nil` (keyed containers omit the key instead).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// Lets a synthesized `init(from:)` treat a missing key of a `@FlexibleOptionalInt` property as `nil`;
    /// without it, a missing key would throw `keyNotFound` as for any non-optional wrapper. Inlinable so the
    /// caller's concrete types specialize it.
    @inlinable
    public func decode<Value>(_ type: FlexibleOptionalInt<Value>.Type, forKey key: Key) throws -> FlexibleOptionalInt<Value> {
        FlexibleOptionalInt(wrappedValue: try decodeIntegerFlexibleIfPresent(Value.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Lets a synthesized `encode(to:)` omit a `nil` `@FlexibleOptionalInt` property, as it does for optionals.
    public mutating func encode<Value>(_ value: FlexibleOptionalInt<Value>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

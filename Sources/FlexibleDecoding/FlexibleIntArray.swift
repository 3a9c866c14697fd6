/// A property wrapper for an array of integers where each element may arrive as `123`, `"123"` or
/// `123.0` (`["1", 2, 3.0]` → `[1, 2, 3]`). Encodes back as an array of numbers.
///
/// ```swift
/// struct NoticeDTO: Codable {
///     @FlexibleIntArray var organizationIds: [Int]
/// }
/// ```
@propertyWrapper
public struct FlexibleIntArray<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable, Hashable {
    /// The decoded integers, in order.
    public var wrappedValue: [Value]

    /// Wraps `wrappedValue`.
    public init(wrappedValue: [Value]) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes every element with the fallbacks Int → numeric String → integral Double → throw.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var values: [Value] = []
        if let count = container.count { values.reserveCapacity(count) }
        while !container.isAtEnd {
            values.append(try container.decodeIntegerFlexible(Value.self))
        }
        wrappedValue = values
    }

    /// Encodes the integers as an array of numbers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: wrappedValue)
    }
}

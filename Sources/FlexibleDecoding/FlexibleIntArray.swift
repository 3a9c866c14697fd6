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
        // All numbers, or all numeric strings: one decode each, no per-element fallbacks.
        let single = try decoder.singleValueContainer()
        if let values = try? single.decode([Value].self) {
            wrappedValue = values
            return
        }
        if let texts = try? single.decode([String].self) {
            wrappedValue = try Self.integers(texts, codingPath: { decoder.codingPath })
            return
        }
        var container = try decoder.unkeyedContainer()
        var values: [Value] = []
        if let count = container.count { values.reserveCapacity(count) }
        while !container.isAtEnd {
            values.append(try container.decodeIntegerFlexible(Value.self))
        }
        wrappedValue = values
    }

    /// The numeric strings of an array at `codingPath` as integers (errors name the element's index).
    @usableFromInline
    static func integers(_ texts: [String], codingPath: () -> [any CodingKey]) throws -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(texts.count)
        for (index, text) in texts.enumerated() {
            values.append(try FlexibleIntegerConversion.integer(
                Value.self, fromString: text, codingPath: codingPath() + [JSONCodingKey(index: index)], policy: .reject))
        }
        return values
    }

    /// Encodes the integers as an array of numbers.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(contentsOf: wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// What a synthesized `init(from:)` calls for a `@FlexibleIntArray` property: an array of all numbers
    /// or all numeric strings is read straight from this container; anything else goes through
    /// `init(from:)` (same results and errors). Inlinable so the caller's concrete types specialize it (no
    /// run-time lookup of `[Value]`'s metadata per value).
    @inlinable
    public func decode<Value>(_ type: FlexibleIntArray<Value>.Type, forKey key: Key) throws -> FlexibleIntArray<Value> {
        if let values = try? decode([Value].self, forKey: key) { return FlexibleIntArray(wrappedValue: values) }
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        if let texts = try? decode([String].self, forKey: key) {
            return FlexibleIntArray(wrappedValue: try FlexibleIntArray.integers(texts, codingPath: { codingPath + [key] }))
        }
        return try FlexibleIntArray(from: superDecoder(forKey: key))
    }
}

/// A property wrapper for an array of integers where each element may arrive as `123`, `"123"` or
/// `123.0` (`["1", 2, 3.0]` → `[1, 2, 3]`). Encodes back as an array of numbers.
///
/// ```swift
/// struct NoticeDTO: Codable {
///     @FlexibleIntArray var organizationIds: [Int]
/// }
/// ```
///
/// Use it with decoders other than ``FlexibleJSONDecoder`` (which needs no wrapper). An array that is all
/// numbers or all numeric strings is decoded in one pass; only a mixed array pays for per-element
/// fallbacks. A bad element throws with its index in the coding path; the whole array fails, no element is
/// dropped.
@propertyWrapper
public struct FlexibleIntArray<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable, Hashable {
    /// The decoded integers, in the order the array sent them.
    public var wrappedValue: [Value]

    /// Wraps `wrappedValue`; what the compiler calls for a default value or a memberwise initializer.
    public init(wrappedValue: [Value]) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes every element with the fallbacks Int → numeric String → integral number → throw.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not an array or an element is not numeric,
    ///   `valueNotFound` for a `null` element, `dataCorrupted` for a fraction or an out-of-range element.
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

    /// Encodes the integers as an array of plain numbers, whatever spelling they arrived in.
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

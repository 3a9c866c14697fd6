extension UnkeyedDecodingContainer {
    /// Decodes the next element as an integer sent as `123`, `"123"` or `123.0`, exactly.
    ///
    /// ```swift
    /// var ids = try decoder.unkeyedContainer()
    /// while !ids.isAtEnd { result.append(try ids.decodeIntegerFlexible(Int64.self)) }
    /// ```
    public mutating func decodeIntegerFlexible<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, fractionalPolicy: FractionalIntegerPolicy = .reject
    ) throws -> T {
        // The two usual spellings first, without a decoder per element (a failed decode leaves the
        // cursor on the element, as the standard decoders do).
        if let value = try? ConcreteIntegerDecoding.decode(T.self, from: &self) { return value }
        let index = currentIndex
        if let text = try? decode(String.self) {
            return try FlexibleIntegerConversion.integer(
                T.self, fromString: text, codingPath: codingPath + [JSONCodingKey(index: index)], policy: fractionalPolicy)
        }
        let container = try superDecoder().singleValueContainer()
        return try FlexibleIntegerConversion.decode(T.self, from: container, policy: fractionalPolicy)
    }

    /// Decodes the next element as an `Int` sent as `123`, `"123"` or `123.0`.
    public mutating func decodeIntFlexible() throws -> Int {
        try decodeIntegerFlexible(Int.self)
    }

    /// Returns `nil` (and moves past the element) when the next element is `null` or the container is at
    /// its end; otherwise decodes it like `decodeIntegerFlexible(_:fractionalPolicy:)`.
    public mutating func decodeIntegerFlexibleIfPresent<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, fractionalPolicy: FractionalIntegerPolicy = .reject
    ) throws -> T? {
        if isAtEnd { return nil }
        if try decodeNil() { return nil }
        return try decodeIntegerFlexible(T.self, fractionalPolicy: fractionalPolicy)
    }

    /// `decodeIntegerFlexibleIfPresent(_:fractionalPolicy:)` for `Int`.
    public mutating func decodeIntFlexibleIfPresent() throws -> Int? {
        try decodeIntegerFlexibleIfPresent(Int.self)
    }
}

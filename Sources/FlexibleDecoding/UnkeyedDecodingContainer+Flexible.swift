extension UnkeyedDecodingContainer {
    /// Decodes the next element as an integer sent as `123`, `"123"` or `123.0`, exactly.
    ///
    /// For arrays whose elements mix spellings (`["1", 2, 3.0]`) in a hand-written `init(from:)`; the
    /// ``FlexibleIntArray`` wrapper does this for a whole property. Throws the errors of
    /// `SingleValueDecodingContainer.decodeIntegerFlexible(_:fractionalPolicy:)`, with the element's index in
    /// the coding path.
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

    /// Decodes the next element as an `Int` sent as `123`, `"123"` or `123.0`, rejecting a fraction (the
    /// common case of `decodeIntegerFlexible(_:fractionalPolicy:)`).
    public mutating func decodeIntFlexible() throws -> Int {
        try decodeIntegerFlexible(Int.self)
    }

    /// Returns `nil` (and moves past the element) when the next element is `null` or the container is at
    /// its end; otherwise decodes it like `decodeIntegerFlexible(_:fractionalPolicy:)`.
    ///
    /// For arrays with holes (`[1, null, "3"]`). Only `null` becomes `nil`: a present value that is not an
    /// integer still throws, so garbage is never mistaken for a missing value.
    public mutating func decodeIntegerFlexibleIfPresent<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, fractionalPolicy: FractionalIntegerPolicy = .reject
    ) throws -> T? {
        if isAtEnd { return nil }
        if try decodeNil() { return nil }
        return try decodeIntegerFlexible(T.self, fractionalPolicy: fractionalPolicy)
    }

    /// `decodeIntegerFlexibleIfPresent(_:fractionalPolicy:)` for `Int` with a fraction rejected: `nil` for
    /// `null` or the end of the array, the integer otherwise.
    public mutating func decodeIntFlexibleIfPresent() throws -> Int? {
        try decodeIntegerFlexibleIfPresent(Int.self)
    }
}

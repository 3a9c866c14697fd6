extension KeyedDecodingContainer {
    /// Decodes an `Int` sent as `123`, `"123"` or `123.0` (tried in that order).
    ///
    /// Same name and shape as the helper hand-written DTOs declare in a `private extension`, so a DTO
    /// migrates by deleting its copy. Unlike the usual copy it never traps (`1e20`), never truncates
    /// (`123.5` throws), and its errors carry the full coding path.
    ///
    /// ```swift
    /// userId = try container.decodeIntFlexible(forKey: .userId)
    /// ```
    public func decodeIntFlexible(forKey key: Key) throws -> Int {
        try decodeIntegerFlexible(Int.self, forKey: key)
    }

    /// Like `decodeIntFlexible(forKey:)`, but returns `nil` for a missing key or `null`, for optional
    /// fields. A present value that is not an integer still throws (`typeMismatch` or `dataCorrupted`), so
    /// garbage never silently becomes `nil`.
    public func decodeIntFlexibleIfPresent(forKey key: Key) throws -> Int? {
        try decodeIntegerFlexibleIfPresent(Int.self, forKey: key)
    }

    /// Decodes any fixed-width integer (`Int8` … `UInt64`) sent as a number, a numeric string or an
    /// integral number with a fraction part of zero, exactly (no trip through `Double` for strings).
    ///
    /// Choose it over `decodeIntFlexible(forKey:)` for a width other than `Int` (identifiers and file sizes
    /// as `UInt64`, say) or to truncate fractions with `fractionalPolicy: .truncating`.
    ///
    /// ```swift
    /// fileSize = try container.decodeIntegerFlexible(UInt64.self, forKey: .fileSize)
    /// ```
    /// - Throws: `keyNotFound` for a missing key, `valueNotFound` for `null`, `typeMismatch` for a
    ///   non-numeric value, `dataCorrupted` for a fraction (under `.reject`) or a value out of range.
    ///
    /// Inlinable so a caller's concrete types specialize it (no generic metadata lookups per value).
    @inlinable
    public func decodeIntegerFlexible<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, forKey key: Key, fractionalPolicy: FractionalIntegerPolicy = .reject
    ) throws -> T {
        if let value = try? ConcreteIntegerDecoding.decode(T.self, forKey: key, from: self) { return value }
        // The usual other spelling, without a decoder for the value: a numeric string.
        if let text = try? decode(String.self, forKey: key) {
            return try FlexibleIntegerConversion.integer(T.self, fromString: text, codingPath: codingPath + [key], policy: fractionalPolicy)
        }
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        let container = try superDecoder(forKey: key).singleValueContainer()
        return try FlexibleIntegerConversion.decode(T.self, from: container, policy: fractionalPolicy)
    }

    /// Like `decodeIntegerFlexible(_:forKey:fractionalPolicy:)`, but returns `nil` for a missing key or
    /// `null`. Anything else that is not an integer throws. Inlinable, like `decodeIntegerFlexible`.
    @inlinable
    public func decodeIntegerFlexibleIfPresent<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, forKey key: Key, fractionalPolicy: FractionalIntegerPolicy = .reject
    ) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeIntegerFlexible(T.self, forKey: key, fractionalPolicy: fractionalPolicy)
    }
}

extension SingleValueDecodingContainer {
    /// Decodes an integer sent as `123`, `"123"` or `123.0` (in that order), exactly.
    ///
    /// Use it in a hand-written `init(from:)` for a value that is itself the integer (a wrapper type, an
    /// array element type). Numeric strings are parsed digit by digit, never through `Double`, so large
    /// `Int64`/`UInt64` values keep every digit.
    ///
    /// - Parameters:
    ///   - type: The integer type to produce.
    ///   - fractionalPolicy: Whether `123.5` throws (`.reject`, the default) or becomes `123`.
    /// - Throws: `DecodingError.valueNotFound` for `null`; `typeMismatch` for `"12abc"`, `""` or `" 12 "`;
    ///   `dataCorrupted` for `1e20` into `Int`, `-1` into `UInt` and (by default) `123.5`.
    ///
    /// ```swift
    /// init(from decoder: any Decoder) throws {
    ///     value = try decoder.singleValueContainer().decodeIntegerFlexible(Int64.self)
    /// }
    /// ```
    public func decodeIntegerFlexible<T: FixedWidthInteger & Decodable>(
        _ type: T.Type, fractionalPolicy: FractionalIntegerPolicy = .reject
    ) throws -> T {
        try FlexibleIntegerConversion.decode(T.self, from: self, policy: fractionalPolicy)
    }

    /// Decodes an `Int` sent as `123`, `"123"` or `123.0`, rejecting a fraction; the short spelling of
    /// `decodeIntegerFlexible(Int.self)` for the common case, with the same errors.
    public func decodeIntFlexible() throws -> Int {
        try FlexibleIntegerConversion.decode(Int.self, from: self, policy: .reject)
    }
}

extension SingleValueDecodingContainer {
    /// Decodes an integer sent as `123`, `"123"` or `123.0` (in that order), exactly.
    ///
    /// `null` throws `DecodingError.valueNotFound`; `"12abc"`, `""`, `" 12 "` throw `typeMismatch`;
    /// `1e20` into `Int`, `-1` into `UInt` and (by default) `123.5` throw `dataCorrupted`.
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

    /// Decodes an `Int` sent as `123`, `"123"` or `123.0`; see `decodeIntegerFlexible(_:fractionalPolicy:)`.
    public func decodeIntFlexible() throws -> Int {
        try FlexibleIntegerConversion.decode(Int.self, from: self, policy: .reject)
    }
}

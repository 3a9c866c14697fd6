import Foundation

extension URLQueryDecoder {
    /// How arrays are read; the same cases as the encoder's strategy.
    ///
    /// `.indexed`, `.bracketed` and `.repeated` each accept all three shapes (`tags[0]=a`, `tags[]=a`,
    /// `tags=a&tags=b`); the delimited strategies split each value on their delimiter.
    public typealias ArrayDecodingStrategy = URLQueryEncoder.ArrayEncodingStrategy

    /// How nested object key paths are read; the same cases as the encoder's strategy.
    public typealias ObjectDecodingStrategy = URLQueryEncoder.ObjectEncodingStrategy

    /// How declared keys map to the keys found in the query.
    public enum KeyDecodingStrategy: Sendable {
        /// Keys as declared.
        case useDefaultKeys
        /// The query uses snake_case: `myURLProperty` is looked up as `my_url_property` (the same rule
        /// as the encoder's `.convertToSnakeCase`, so every key round-trips).
        case convertFromSnakeCase
        /// Maps a declared key to the key looked up in the query — the same closure you give the encoder's
        /// `.custom` strategy.
        case custom(@Sendable (String) -> String)
    }

    /// How `Date` values are read.
    public enum DateDecodingStrategy: Sendable {
        /// ISO-8601 with or without a fractional part, `Z` or a numeric offset. The default.
        case iso8601WithFractionalSeconds
        /// ISO-8601; a fractional part is accepted too.
        case iso8601
        /// A number of seconds since 1970-01-01 UTC.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01 UTC.
        case millisecondsSince1970
        /// Through your formatter (configure it fully before handing it over). On Linux, text with a character
        /// of several Unicode scalars or one outside the Basic Multilingual Plane is refused with
        /// `dataCorrupted` without reaching the formatter: Foundation's `DateFormatter` there can stop the
        /// process or leak on it.
        case formatted(DateFormatter)
        /// Your own closure.
        case custom(@Sendable (String) throws -> Date)
    }

    /// How `Data` values are read.
    public enum DataDecodingStrategy: Sendable {
        /// Standard base64. The default.
        case base64
        /// URL-safe base64, padding optional.
        case base64URL
        /// Your own closure.
        case custom(@Sendable (String) throws -> Data)
    }

    /// What to do with `nan`, `inf` and similar text for `Double` and `Float`.
    public enum NonConformingFloatDecodingStrategy: Sendable, Hashable {
        /// Reject them with `DecodingError.dataCorrupted`. The default.
        case `throw`
        /// Accept exactly these strings.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}

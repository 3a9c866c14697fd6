import Foundation

extension URLQueryDecoder {
    /// How arrays are read; the same cases as the encoder's strategy, so one value configures both sides.
    ///
    /// `.indexed`, `.bracketed` and `.repeated` each accept all three shapes (`tags[0]=a`, `tags[]=a`,
    /// `tags=a&tags=b`); the delimited strategies split each value on their delimiter.
    public typealias ArrayDecodingStrategy = URLQueryEncoder.ArrayEncodingStrategy

    /// How nested object key paths are read; the same cases as the encoder's strategy, so one value configures
    /// both sides.
    public typealias ObjectDecodingStrategy = URLQueryEncoder.ObjectEncodingStrategy

    /// How declared keys map to the keys found in the query, so a DTO can keep Swift names.
    public enum KeyDecodingStrategy: Sendable {
        /// Keys as declared. The default.
        case useDefaultKeys
        /// The query uses snake_case: `myURLProperty` is looked up as `my_url_property` (the same rule
        /// as the encoder's `.convertToSnakeCase`, so every key round-trips).
        case convertFromSnakeCase
        /// Maps a declared key to the key looked up in the query — the same closure you give the encoder's
        /// `.custom` strategy (the decoder looks keys up, so the same direction serves both). Dictionary keys
        /// are not mapped back.
        case custom(@Sendable (String) -> String)
    }

    /// How `Date` values are read; text that is not a date of the chosen form throws
    /// `DecodingError.dataCorrupted` with its coding path.
    public enum DateDecodingStrategy: Sendable {
        /// ISO-8601 with or without a fractional part, `Z` or a numeric offset. The default: it reads both
        /// ISO-8601 encoder strategies.
        case iso8601WithFractionalSeconds
        /// ISO-8601; a fractional part is accepted too, so it reads exactly what the default reads. Kept as the
        /// mirror of the encoder's `.iso8601`.
        case iso8601
        /// A number of seconds since 1970-01-01 UTC (a fraction allowed): Unix timestamps.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01 UTC: JavaScript timestamps.
        case millisecondsSince1970
        /// Through your formatter (configure it fully before handing it over). On Linux, text with a character
        /// of several Unicode scalars or one outside the Basic Multilingual Plane is refused with
        /// `dataCorrupted` without reaching the formatter: Foundation's `DateFormatter` there can stop the
        /// process or leak on it.
        case formatted(DateFormatter)
        /// Your own closure, for a format none of the others reads; what it throws fails the decoding.
        case custom(@Sendable (String) throws -> Date)
    }

    /// How `Data` values are read; text that is not of the chosen form throws `DecodingError.dataCorrupted`.
    public enum DataDecodingStrategy: Sendable {
        /// Standard base64. The default, the encoder's default.
        case base64
        /// URL-safe base64, padding optional: what the encoder's `.base64URL` and JWT-style tokens write.
        case base64URL
        /// Your own closure; what it throws fails the decoding.
        case custom(@Sendable (String) throws -> Data)
    }

    /// What to do with `nan`, `inf` and similar text for `Double` and `Float`, which Swift's number parsing
    /// would otherwise accept.
    public enum NonConformingFloatDecodingStrategy: Sendable, Hashable {
        /// Reject them with `DecodingError.dataCorrupted`. The default: a non-finite number in a query is almost
        /// always a mistake or an attack.
        case `throw`
        /// Accept exactly these strings, the counterpart of the encoder's `.convertToString`.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}

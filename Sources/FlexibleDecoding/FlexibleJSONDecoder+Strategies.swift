import Foundation

extension FlexibleJSONDecoder {
    /// How numbers may be spelled in the JSON: whether quoted numbers are accepted.
    public enum NumberDecodingStrategy: Sendable, Hashable {
        /// Only JSON numbers, as `JSONDecoder` accepts them (`123`, and `123.0`/`1.23e2` for integers
        /// because their value is integral). Choose it to catch a server that starts quoting numbers; a
        /// string where a number belongs throws `typeMismatch`.
        case strict
        /// Also numeric strings: `"123"`, `"-5"`, `"+5"`, `"007"`, `"123.0"`, `"1.5"` (for floating point).
        /// Whitespace, hex, and empty strings are still errors (`typeMismatch`), so a typo never becomes 0.
        case flexible
    }

    /// How `Bool` may be spelled in the JSON: whether numeric and quoted booleans are accepted.
    public enum BoolDecodingStrategy: Sendable, Hashable {
        /// Only `true` and `false`, as `JSONDecoder`; anything else throws `typeMismatch`.
        case strict
        /// Also `1`/`0` and the strings `"true"`/`"false"`/`"1"`/`"0"`. Anything else (`2`, `"yes"`,
        /// `"TRUE"`) throws `typeMismatch`, so an unexpected value is reported rather than guessed.
        case flexible
    }

    /// How `Date` values are decoded: JSON has no date type, so the decoder must be told the server's format.
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own `Decodable` implementation (seconds since 2001-01-01), like `JSONDecoder`; right
        /// only for JSON that Foundation's `JSONEncoder` wrote with its default date strategy.
        case deferredToDate
        /// A number of seconds since 1970-01-01T00:00:00Z (a Unix timestamp), fractions allowed.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01T00:00:00Z, as JavaScript's `Date.now()` produces.
        case millisecondsSince1970
        /// An ISO-8601 string, accepting `2024-05-01T12:30:00Z`, `2024-05-01T12:30:00.123Z`,
        /// `2024-05-01T12:30:00+09:00`, `+0900`, lowercase `t`/`z`, a space instead of `T`, and a bare
        /// date `2024-05-01` (midnight UTC), the spellings real servers mix; text in none of these forms
        /// throws `dataCorrupted`.
        case iso8601
        /// A string parsed with the given formatter. On Linux, text with a character of several Unicode scalars
        /// or one outside the Basic Multilingual Plane is refused with `dataCorrupted` without reaching the
        /// formatter: Foundation's `DateFormatter` there can stop the process or leak on it. Text the
        /// formatter does not match throws `dataCorrupted`.
        case formatted(DateFormatter)
        /// A closure that decodes the date from the decoder, for formats none of the others cover (a
        /// timestamp as a string, several formats tried in turn). Errors it throws reach the caller unchanged.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How `Data` values are decoded from the JSON.
    public enum DataDecodingStrategy: Sendable {
        /// `Data`'s own `Decodable` implementation (an array of byte numbers), for JSON written that way.
        case deferredToData
        /// A Base64-encoded string, the usual way binary travels in JSON; invalid Base64 throws
        /// `dataCorrupted`.
        case base64
        /// A closure that decodes the data from the decoder, for other encodings (hex, Base64URL).
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }

    /// How the non-conforming floating-point values (which JSON cannot express) are decoded, for servers
    /// that send infinity or NaN as agreed strings.
    public enum NonConformingFloatDecodingStrategy: Sendable, Hashable {
        /// Throw for any string where a floating-point number is expected (other than numeric strings in
        /// flexible mode).
        case `throw`
        /// Decode these exact strings (compared case-sensitively) as +∞, −∞ and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How JSON object keys are matched to `CodingKey`s.
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are used as they are: the JSON key must equal the `CodingKey`'s string value.
        case useDefaultKeys
        /// `snake_case_keys` become `snakeCaseKeys` (leading/trailing underscores kept), as in `JSONDecoder`,
        /// so Swift properties keep Swift names against a Python or Ruby backend without `CodingKeys`.
        case convertFromSnakeCase
        /// A closure maps the coding path ending in the JSON key to the key to match, for conventions the
        /// snake-case conversion does not cover (`kebab-case`, a prefix to strip).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)

        /// Converts `snake_case` to `camelCase` exactly as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`.
        static func convertFromSnakeCase(_ key: String) -> String {
            guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
            var last = key.index(before: key.endIndex)
            while last > first && key[last] == "_" { last = key.index(before: last) }
            let core = key[first...last]
            let words = core.split(separator: "_", omittingEmptySubsequences: true)
            guard words.count > 1 else { return key }
            var result = String(key[..<first]) + words[0].lowercased()
            for word in words.dropFirst() {
                result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
            }
            return result + key[key.index(after: last)...]
        }
    }
}

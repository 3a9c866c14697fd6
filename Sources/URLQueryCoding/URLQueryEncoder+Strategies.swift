import Foundation

extension URLQueryEncoder {
    /// How arrays are written. Each server framework expects one of these (see the README table).
    public enum ArrayEncodingStrategy: Sendable, Hashable, CaseIterable {
        /// `tags[0]=a&tags[1]=b` — PHP `http_build_query`, qs (Express) default parsing. The default.
        /// The only strategy that can hold arrays of objects or arrays of arrays.
        case indexed
        /// `tags[]=a&tags[]=b` — Rails/Rack, PHP, qs `arrayFormat: 'brackets'`.
        case bracketed
        /// `tags=a&tags=b` — OpenAPI `style: form, explode: true`, Spring `@RequestParam List`, Go,
        /// Python `parse_qs`, qs `arrayFormat: 'repeat'`.
        case repeated
        /// `tags=a,b` — OpenAPI `style: form, explode: false`, RFC 6570 `{?tags}`, Spring (comma split).
        /// The separator is written as a literal `,`; an element containing `,` is rejected.
        case commaSeparated
        /// `tags=a%7Cb` (`a|b` once decoded) — OpenAPI `style: pipeDelimited`.
        case pipeDelimited
        /// `tags=a%20b` (`a b` once decoded) — OpenAPI `style: spaceDelimited`.
        case spaceDelimited

        /// The separator of the delimited strategies, `nil` for the others.
        var delimiter: UInt8? {
            switch self {
            case .indexed, .bracketed, .repeated: nil
            case .commaSeparated: UInt8(ascii: ",")
            case .pipeDelimited: UInt8(ascii: "|")
            case .spaceDelimited: UInt8(ascii: " ")
            }
        }
    }

    /// How the key path of a nested object is written.
    public enum ObjectEncodingStrategy: Sendable, Hashable, CaseIterable {
        /// `user[name]=kim` — PHP, Rails/Rack, qs (Express), OpenAPI `style: deepObject`. The default.
        case brackets
        /// `user.name=kim` (arrays stay `ids[0]`) — Spring's data binder, qs `allowDots`.
        case dots
        /// `name=kim`: the parent key is dropped — OpenAPI `style: form, explode: true` objects.
        /// Two leaves with the same name are rejected (`EncodingError.keyCollision`).
        case flattened
    }

    /// How property and dictionary keys are transformed before they are written.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys as declared (`CodingKeys`).
        case useDefaultKeys
        /// `myURLProperty` → `my_url_property` (the same rule as `JSONEncoder`).
        case convertToSnakeCase
        /// Your own mapping from the declared key to the written key.
        case custom(@Sendable (String) -> String)
    }

    /// How `Date` values are written.
    public enum DateEncodingStrategy: Sendable {
        /// `2024-05-01T12:30:00.250Z`: ISO-8601 in UTC with milliseconds. The default.
        case iso8601WithFractionalSeconds
        /// `2024-05-01T12:30:00Z`: ISO-8601 in UTC, whole seconds (the fraction is dropped).
        case iso8601
        /// Seconds since 1970-01-01 UTC (`1714566600`, or `1714566600.25` when not whole).
        case secondsSince1970
        /// Milliseconds since 1970-01-01 UTC (`1714566600250`).
        case millisecondsSince1970
        /// Through your formatter. Configure it fully before handing it over and do not change it
        /// afterwards: the encoder may use it from several threads.
        case formatted(DateFormatter)
        /// Your own closure.
        case custom(@Sendable (Date) throws -> String)
    }

    /// How `Bool` values are written.
    public enum BoolEncodingStrategy: Sendable, Hashable {
        /// `true` / `false`. The default.
        case literal
        /// `1` / `0`.
        case numeric
    }

    /// How `Data` values are written.
    public enum DataEncodingStrategy: Sendable {
        /// Standard base64 with padding (`+` and `/` are then percent-encoded on the wire). The default.
        case base64
        /// URL-safe base64 (RFC 4648 §5: `-` and `_`, no padding): nothing left to escape.
        case base64URL
        /// Your own closure.
        case custom(@Sendable (Data) throws -> String)
    }

    /// What to do with NaN and ±infinity in `Double` and `Float` values.
    public enum NonConformingFloatEncodingStrategy: Sendable, Hashable {
        /// Throw `EncodingError.nonFiniteNumber`. The default.
        case `throw`
        /// Write these strings instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}

import Foundation

extension URLQueryEncoder {
    /// How arrays are written. Each server framework expects one of these, and ignores the others without an
    /// error: see the *Query conventions* article of the Courier documentation for which. Only `.indexed` can
    /// write arrays of arrays, and `.indexed` or `.bracketed` arrays of objects; the others throw
    /// ``URLQueryEncoder/EncodingError/unsupportedNesting(codingPath:reason:)``.
    public enum ArrayEncodingStrategy: Sendable, Hashable, CaseIterable {
        /// `tags[0]=a&tags[1]=b` — PHP `http_build_query`, qs (Express) default parsing. The default.
        /// The only strategy that can hold arrays of objects or arrays of arrays.
        case indexed
        /// `tags[]=a&tags[]=b` — Rails/Rack, PHP, qs `arrayFormat: 'brackets'`. Arrays of objects are written in
        /// the Rails form (`items[][id]=1&items[][name]=x`); a shape Rack would read back differently is refused.
        case bracketed
        /// `tags=a&tags=b` — OpenAPI `style: form, explode: true`, Spring `@RequestParam List`, Go,
        /// Python `parse_qs`, qs `arrayFormat: 'repeat'`. The one to pick for FastAPI and OpenAPI-generated
        /// servers. Holds scalars only; `nil` elements are skipped.
        case repeated
        /// `tags=a,b` — OpenAPI `style: form, explode: false`, RFC 6570 `{?tags}`, Spring (comma split).
        /// The separator is written as a literal `,`; an element containing `,` is rejected
        /// (``URLQueryEncoder/EncodingError/delimiterInValue(codingPath:delimiter:)``), since the server would
        /// split it in two.
        case commaSeparated
        /// `tags=a%7Cb` (`a|b` once decoded) — OpenAPI `style: pipeDelimited`. An element containing `|` is
        /// rejected.
        case pipeDelimited
        /// `tags=a%20b` (`a b` once decoded) — OpenAPI `style: spaceDelimited`. An element containing a space is
        /// rejected.
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

    /// How the key path of a nested object is written: like the array strategy, a server reads one form and
    /// ignores the others.
    public enum ObjectEncodingStrategy: Sendable, Hashable, CaseIterable {
        /// `user[name]=kim` — PHP, Rails/Rack, qs (Express), OpenAPI `style: deepObject`. The default.
        case brackets
        /// `user.name=kim` (arrays stay `ids[0]`) — Spring's data binder, ASP.NET Core model binding, qs
        /// `allowDots`.
        case dots
        /// `name=kim`: the parent key is dropped — OpenAPI `style: form, explode: true` objects.
        /// Two leaves with the same name are rejected (`EncodingError.keyCollision`) rather than sent twice for
        /// the server to pick one; objects inside arrays cannot be written.
        case flattened
    }

    /// How property and dictionary keys are transformed before they are written, so a DTO can keep Swift names
    /// for an API with other conventions.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys as declared (`CodingKeys`). The default: what the DTO says is what is sent.
        case useDefaultKeys
        /// `myURLProperty` → `my_url_property` (the same rule as `JSONEncoder`, so one DTO can serve a JSON body
        /// and a query alike).
        case convertToSnakeCase
        /// Your own mapping from the declared key to the written key (kebab-case, prefixes, …). Applied to
        /// dictionary keys too; the decoder's `.custom` does not map dictionary keys back.
        case custom(@Sendable (String) -> String)
    }

    /// How `Date` values are written; a date ISO-8601 cannot write (outside the years 1–9999) throws
    /// ``URLQueryEncoder/EncodingError/invalidValue(codingPath:reason:)``.
    public enum DateEncodingStrategy: Sendable {
        /// `2024-05-01T12:30:00.250Z`: ISO-8601 in UTC with milliseconds. The default: keeps sub-second times,
        /// and most frameworks' ISO-8601 readers accept the fraction.
        case iso8601WithFractionalSeconds
        /// `2024-05-01T12:30:00Z`: ISO-8601 in UTC, whole seconds (the fraction is dropped): for servers whose
        /// parser rejects a fraction.
        case iso8601
        /// Seconds since 1970-01-01 UTC (`1714566600`, or `1714566600.25` when not whole): Unix timestamps.
        case secondsSince1970
        /// Milliseconds since 1970-01-01 UTC (`1714566600250`): JavaScript's `Date.now()` form.
        case millisecondsSince1970
        /// Through your formatter. Configure it fully before handing it over and do not change it
        /// afterwards: the encoder may use it from several threads.
        case formatted(DateFormatter)
        /// Your own closure, for a format none of the others writes; what it throws fails the encoding.
        case custom(@Sendable (Date) throws -> String)
    }

    /// How `Bool` values are written; the decoder reads both forms whatever this says.
    public enum BoolEncodingStrategy: Sendable, Hashable {
        /// `true` / `false`. The default: what most frameworks parse as a boolean.
        case literal
        /// `1` / `0`: for servers that read a flag as an integer.
        case numeric
    }

    /// How `Data` values are written: as text, since a query holds no raw bytes.
    public enum DataEncodingStrategy: Sendable {
        /// Standard base64 with padding (`+` and `/` are then percent-encoded on the wire). The default, as
        /// `JSONEncoder`'s.
        case base64
        /// URL-safe base64 (RFC 4648 §5: `-` and `_`, no padding): nothing left to escape.
        case base64URL
        /// Your own closure (hex, say); what it throws fails the encoding.
        case custom(@Sendable (Data) throws -> String)
    }

    /// What to do with NaN and ±infinity in `Double` and `Float` values, which have no number syntax a server
    /// parses.
    public enum NonConformingFloatEncodingStrategy: Sendable, Hashable {
        /// Throw `EncodingError.nonFiniteNumber`. The default: a query has no standard spelling for them, and a
        /// server would misread a guess.
        case `throw`
        /// Write these strings instead, for a server that agreed on a spelling (`Infinity`, `NaN`).
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}

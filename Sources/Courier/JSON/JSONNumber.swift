/// A JSON number: an exact integer or a `Double`.
///
/// JSON does not limit a number's size or precision, but a `Double` holds integers exactly only up to
/// 2^53. `JSONNumber` therefore keeps integers as `Int64` (or `UInt64` above `Int64.max`), so ids such as
/// `9223372036854775807` or `18446744073709551615` survive a decode/encode round trip digit for digit.
/// Numbers with a fraction or an exponent that is not an exact integer, and integers beyond `UInt64`, are
/// `Double`s.
///
/// Equality and hashing compare values, not cases: `.integer(1) == .double(1.0)` and
/// `.unsignedInteger(5) == .integer(5)`.
///
/// ```swift
/// let id: JSONNumber = 42          // .integer(42)
/// let ratio: JSONNumber = 0.25     // .double(0.25)
/// JSONNumber(UInt64.max).uint64Value   // 18446744073709551615
/// ```
public enum JSONNumber: Sendable {
    /// An integer in `Int64`'s range, the case almost every integer gets.
    case integer(Int64)
    /// An integer in `UInt64`'s range (the initializers use it only above `Int64.max`), so unsigned 64-bit
    /// identifiers keep every digit.
    case unsignedInteger(UInt64)
    /// Any other number: a fraction, an exponent that is not an exact integer, or an integer beyond `UInt64`
    /// (then rounded to the nearest `Double`).
    case double(Double)

    /// An integer number, so an `Int` variable needs no `Int64(…)` conversion.
    public init(_ value: Int) { self = .integer(Int64(value)) }

    /// An integer number, `.integer` when it fits `Int64`: one value has one case, so `==` and hashing need
    /// not look at how it was made.
    public init(_ value: UInt64) {
        if let signed = Int64(exactly: value) { self = .integer(signed) } else { self = .unsignedInteger(value) }
    }

    /// Parses JSON number text: an integer in `Int64`'s range is `.integer`, one in `UInt64`'s range
    /// `.unsignedInteger`, anything else `.double`; `nil` for text that is not a number or is beyond
    /// `Double`'s range (`1e400`).
    ///
    /// ```swift
    /// JSONNumber(jsonText: "18446744073709551615")   // .unsignedInteger(18446744073709551615)
    /// JSONNumber(jsonText: "2.50")                   // .double(2.5)
    /// ```
    package init?(jsonText text: String) {
        guard Self.isJSONNumber(text.utf8) else { return nil }
        if let signed = Int64(text) {
            self = .integer(signed)
        } else if let unsigned = UInt64(text) {
            self = .unsignedInteger(unsigned)
        } else if let double = Double(text), double.isFinite {
            self = .double(double)
        } else {
            return nil
        }
    }

    /// The value as an `Int64`, if it is an integer in range (`2.0` gives `2`, `2.5` gives `nil`): the case does
    /// not matter, only the value, so a server that writes `2.0` for an id still reads as `2`.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .unsignedInteger(let value): Int64(exactly: value)
        case .double(let value): Int64(exactly: value)
        }
    }

    /// The value as a `UInt64`, if it is a non-negative integer in range; `nil` for `-1` or `2.5` rather than a
    /// wrapped or truncated value.
    public var uint64Value: UInt64? {
        switch self {
        case .integer(let value): UInt64(exactly: value)
        case .unsignedInteger(let value): value
        case .double(let value): UInt64(exactly: value)
        }
    }

    /// The value as an `Int`, if it is an integer in range: `nil` rather than a truncated or wrapped value.
    public var intValue: Int? { int64Value.flatMap { Int(exactly: $0) } }

    /// The value as a `Double`, rounded to the nearest `Double` for integers beyond 2^53: for arithmetic, not
    /// for identifiers (use `int64Value` or `uint64Value` to keep them exact).
    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .unsignedInteger(let value): Double(value)
        case .double(let value): value
        }
    }

    /// Whether `text` follows JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    /// (no `+5`, `.5`, `05`, hex, `nan` or `inf`, which Swift's own parsers accept).
    private static func isJSONNumber(_ text: String.UTF8View) -> Bool {
        var bytes = text[...]
        func digits(_ bytes: inout Substring.UTF8View) -> Int {
            let count = bytes.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits(&bytes) == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits(&bytes) == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits(&bytes) == 0 { return false }
        }
        return bytes.isEmpty
    }

    /// Whether the value is a whole number (`3`, `3.0`, `1e20`).
    package var isIntegral: Bool {
        switch self {
        case .integer, .unsignedInteger: true
        case .double(let value): value.isFinite && value.rounded(.towardZero) == value
        }
    }

    /// The value in the form used for equality and hashing: integers that fit a 64-bit integer are
    /// compared as integers, everything else as `Double`.
    private var canonical: Canonical {
        switch self {
        case .integer(let value): return .signed(value)
        case .unsignedInteger(let value):
            if let signed = Int64(exactly: value) { return .signed(signed) }
            return .unsigned(value)
        case .double(let value):
            if let signed = Int64(exactly: value) { return .signed(signed) }
            if let unsigned = UInt64(exactly: value) { return .unsigned(unsigned) }
            return .double(value)
        }
    }

    private enum Canonical: Hashable {
        case signed(Int64), unsigned(UInt64), double(Double)
    }

    /// Reads a number from a decoder's single value, or `nil` if the value is not a number.
    ///
    /// Integers are kept only when the decoder's `Double` for the same value agrees, so a decoder that
    /// truncates fractions into integers cannot turn `1.5` into `1`.
    static func probe(_ container: any SingleValueDecodingContainer) -> JSONNumber? {
        if let signed = try? container.decode(Int64.self) {
            return exact(.integer(signed), container)
        }
        if let unsigned = try? container.decode(UInt64.self) {
            return exact(.unsignedInteger(unsigned), container)
        }
        if let double = try? container.decode(Double.self) {
            return .double(double)
        }
        return nil
    }

    private static func exact(_ integer: JSONNumber, _ container: any SingleValueDecodingContainer) -> JSONNumber {
        guard let double = try? container.decode(Double.self), double != integer.doubleValue else { return integer }
        return .double(double)
    }
}

extension JSONNumber: Hashable {
    /// Whether the two numbers have the same value (`.integer(1) == .double(1.0)`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.canonical == rhs.canonical }

    /// Hashes the value (equal values hash equally whatever their case).
    public func hash(into hasher: inout Hasher) { hasher.combine(canonical) }
}

extension JSONNumber: Codable {
    /// Decodes a JSON number (integers exactly when they fit `Int64` or `UInt64`). A value that is not a number
    /// throws the decoder's error; what counts as a number is the decoder's choice (a flexible
    /// `FlexibleJSONDecoder` also reads `"1"`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = JSONNumber.probe(container) {
            self = number
        } else {
            self = .double(try container.decode(Double.self))
        }
    }

    /// Encodes the number as `Int64`, `UInt64` or `Double`, by its case, so an integer is written without a
    /// fraction and a large one without loss.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        }
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// An integer literal: `.integer`, so `let n: JSONNumber = 3` keeps it exact.
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// A floating-point literal: `.double`, even when integral (`2.0`), as the literal says.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONNumber: CustomStringConvertible {
    /// The number as JSON text: `42`, `18446744073709551615`, `0.25`, `1e+20`.
    /// (NaN and infinities, which JSON cannot express, print as Swift spells them.)
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .unsignedInteger(let value): String(value)
        case .double(let value): value.description
        }
    }
}

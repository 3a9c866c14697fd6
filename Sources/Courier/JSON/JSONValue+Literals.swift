/// Literals build `JSONValue`s directly: `let body: JSONValue = ["name": "kim", "tags": ["a"], "age": 7, "note": nil]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`, so `["note": nil]` sends an explicit `null`. (Where a `JSONValue?` is expected, `nil`
    /// is still `Optional.none`.)
    public init(nilLiteral: ()) { self = .null }

    /// `true` / `false`, so a payload can be written as a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An integer literal: `.number(.integer(value))`, kept exact (never through `Double`).
    public init(integerLiteral value: Int64) { self = .number(.integer(value)) }

    /// A floating-point literal: `.number(.double(value))`, so `2.0` stays a floating-point number.
    public init(floatLiteral value: Double) { self = .number(.double(value)) }

    /// A string literal: `.string`, never parsed as a number (`"1"` stays text).
    public init(stringLiteral value: String) { self = .string(value) }

    /// An array literal; elements may be literals of any kind (`[1, "a", nil]`), as JSON arrays allow.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// A dictionary literal; when a key is repeated, the last value wins (no trap, unlike a `Dictionary`
    /// literal with duplicate keys).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// The two integer types whose case is not obvious; other values have their case (`.string(name)`,
/// `.bool(flag)`, `.number(.double(x))`) or a literal.
extension JSONValue {
    /// A number value from an `Int`, so a variable needs no `Int64(…)` conversion.
    public init(_ value: Int) { self = .number(JSONNumber(value)) }

    /// A number value from a `UInt64`, exact over its whole range: `.integer` when it fits `Int64`, else
    /// `.unsignedInteger`.
    public init(_ value: UInt64) { self = .number(JSONNumber(value)) }
}

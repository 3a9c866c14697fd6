/// Literals build `JSONValue`s directly: `let body: JSONValue = ["name": "kim", "tags": ["a"], "age": 7, "note": nil]`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`. (Where a `JSONValue?` is expected, `nil` is still `Optional.none`.)
    public init(nilLiteral: ()) { self = .null }

    /// `true` / `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An integer literal: `.number(.integer(value))`.
    public init(integerLiteral value: Int64) { self = .number(.integer(value)) }

    /// A floating-point literal: `.number(.double(value))`.
    public init(floatLiteral value: Double) { self = .number(.double(value)) }

    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }

    /// An array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// A dictionary literal; when a key is repeated, the last value wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue {
    /// A number value from an `Int`.
    public init(_ value: Int) { self = .number(JSONNumber(value)) }

    /// A number value from an `Int64`.
    public init(_ value: Int64) { self = .number(JSONNumber(value)) }

    /// A number value from a `UInt64` (exact over its whole range).
    public init(_ value: UInt64) { self = .number(JSONNumber(value)) }

    /// A number value from a `Double`.
    public init(_ value: Double) { self = .number(JSONNumber(value)) }

    /// A string value.
    public init(_ value: String) { self = .string(value) }

    /// A bool value.
    public init(_ value: Bool) { self = .bool(value) }
}

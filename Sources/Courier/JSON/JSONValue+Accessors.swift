import Foundation

/// Reading values out of a `JSONValue` without a `switch`.
///
/// Every accessor returns `nil` when the value is of another kind, so lookups chain with `?`:
/// `event["items"]?[0]?["id"]?.intValue`.
extension JSONValue {
    /// The member named `key` of an object; `nil` if this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; `nil` if this is not an array or `index` is out of bounds.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The bool, if this is `true` or `false` (numbers and strings are not converted, so a `1` is never
    /// mistaken for `true`).
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The string, if this is a string (numbers are not converted; use `description` for any value as text).
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The number, if this is a number; `JSONNumber` then says whether it fits `Int64`, `UInt64` or `Double`.
    public var numberValue: JSONNumber? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    /// The number as an `Int`, if this is a number with an integral value in `Int`'s range; `nil` for `1.5` or
    /// a value that does not fit, rather than a rounded or wrapped one.
    public var intValue: Int? { numberValue?.intValue }

    /// The number as a `Double` (nearest value for very large integers, so precision may be lost beyond
    /// 2^53; use `numberValue` to keep it), if this is a number.
    public var doubleValue: Double? { numberValue?.doubleValue }

    /// The elements, if this is an array, to iterate without a `switch`.
    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// The members, if this is an object, e.g. to list its keys.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }
}

extension JSONValue {
    /// Converts `value` to a `JSONValue` by encoding it with `encoder` and reading the JSON back.
    ///
    /// ```swift
    /// let payload = try JSONValue(encoding: Order(item: "book", quantity: 3))
    /// ```
    package init(encoding value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws {
        let data = try encoder.encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes this value as `T`, e.g. once a `type` member says what an `ANY` field holds.
    ///
    /// It writes the value back to JSON text and decodes that, so it costs a copy of the value; fine for an
    /// event or a field, wasteful for a large document. Throws the decoder's `DecodingError` when the value is
    /// not a `T` (and `dataCorrupted` for a NaN or infinite number, which JSON cannot express).
    ///
    /// ```swift
    /// if event["type"]?.stringValue == "order" { let order = try event.decode(Order.self) }
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, decoder: FlexibleJSONDecoder = FlexibleJSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: Data(description.utf8))
    }
}

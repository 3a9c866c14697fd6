/// Any JSON value: `null`, a bool, a number, a string, an array or an object.
///
/// Use it where a payload has no fixed shape (the IDL's `ANY` type generates `JSONValue`), and to look
/// into such payloads without writing a model type:
///
/// ```swift
/// let event: JSONValue = try FlexibleJSONDecoder().decode(JSONValue.self, from: data)
/// if let name = event["user"]?["name"]?.stringValue { print(name) }
///
/// let filter: JSONValue = ["ids": [1, 2], "active": true, "note": nil]
/// print(filter)   // {"active":true,"ids":[1,2],"note":null}
/// ```
///
/// Numbers are ``JSONNumber`` values: integers keep their exact value over the whole `Int64` and `UInt64`
/// range, other numbers are `Double`s. Two numbers are equal when their values are equal (`1 == 1.0`).
///
/// Decoding works with `JSONDecoder` and with `FlexibleJSONDecoder` in every mode: the kind of value is
/// what the JSON says, so `"1"` stays a string and `1` a number even when the decoder would turn them into
/// each other or into a `Bool` for a typed field. Object keys are taken as they are (`JSONDecoder`
/// never applies its `keyDecodingStrategy` to them). Encoding writes the same JSON back (object key
/// order follows the encoder's settings, e.g. `.sortedKeys`).
public enum JSONValue: Sendable, Hashable {
    /// `null`, kept distinct from a missing member (which a subscript returns as `nil`).
    case null
    /// `true` or `false`; `1`, `0` and `"true"` are never read as one (see the type's decoding rules).
    case bool(Bool)
    /// A number, integral (exact `Int64`/`UInt64`) or floating point, so identifiers beyond 2^53 survive.
    case number(JSONNumber)
    /// A string, kept as text even when it looks like a number.
    case string(String)
    /// An array of values, in order.
    case array([JSONValue])
    /// An object; keys are unique and their order is not kept (`description` sorts them, so equal objects
    /// print identically).
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// The kind is probed in the order null → string → number → bool → object → array, each through a
    /// method that only succeeds for that JSON kind in `JSONDecoder` and `FlexibleJSONDecoder`: a string
    /// is tried before numbers (flexible decoders read `"1"` as a number), numbers before `Bool`
    /// (flexible decoders read `1` as `true`), and an integer is kept only when it is the number's exact
    /// value (a decoder that truncates `1.5` to `1` gets `1.5` as a `Double`). This order is what makes the
    /// result the same whichever decoder reads it. Throws only when the value is of no JSON kind (a number
    /// beyond `Double`'s range, say), with the decoder's own error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = JSONNumber.probe(container) {
            self = .number(number)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if (try? decoder.container(keyedBy: JSONValueProbeKey.self)) != nil {
            self = .object(try container.decode([String: JSONValue].self))
        } else if (try? decoder.unkeyedContainer()) != nil {
            self = .array(try container.decode([JSONValue].self))
        } else {
            // Only a number too large for `Double` (e.g. `1e400`) is left: let the decoder say why it fails.
            self = .number(.double(try container.decode(Double.self)))
        }
    }

    /// Encodes the value as the JSON it stands for, so a `JSONValue` can be sent as (part of) a body.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// Any string key: only used to ask a decoder whether the current value is an object.
private struct JSONValueProbeKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// `FlexibleJSONDecoder` builds `JSONValue`s straight from its parse tree: no probing, and numbers from
/// their exact text (so `2.0` stays a `Double` and `2` an integer).
extension JSONValue: JSONTreeRepresentable {
    /// `.null`
    package static var jsonNull: JSONValue { .null }

    /// `.bool(value)`
    package init(jsonBool value: Bool) { self = .bool(value) }

    /// `.number` from the number's JSON text; `nil` beyond `Double`'s range.
    package init?(jsonNumber text: String) {
        guard let number = JSONNumber(jsonText: text) else { return nil }
        self = .number(number)
    }

    /// `.string(value)`
    package init(jsonString value: String) { self = .string(value) }

    /// `.array(elements)`
    package init(jsonArray elements: [JSONValue]) { self = .array(elements) }

    /// `.object(members)`
    package init(jsonObject members: [String: JSONValue]) { self = .object(members) }
}

/// A property that can be left out, sent as `null` on purpose, or sent with a value: what an API means by a
/// nullable optional field (OpenAPI `nullable: true`, or `null` in a 3.1 `type`), where `null` clears a value
/// (a nickname, an assignee) and leaving the field out keeps it. The IDL's `NULLABLE` fields generate it.
///
/// ```swift
/// var update = UpdateIssueBody()          // every Nullable field starts .absent: {}
/// update.assignee = .null                 // {"assignee":null}; in a form body: assignee=
/// update.title = .value("Crash on start") // {"title":"Crash on start"}
/// ```
///
/// Inside a keyed container (a struct's property) `.absent` writes no key at all, `.null` writes `null`
/// (`URLQueryEncoder`: an empty value, `key=`), and decoding gives `.absent` for a missing key and `.null` for a
/// `null`. Encoded on its own (an array element, a top-level value) `.absent` is written as `null` too.
public enum Nullable<Wrapped> {
    /// Not sent (no key): the server keeps what it has. Also what a missing key decodes as.
    case absent
    /// Sent as `null`: the server clears the field. Also what an explicit `null` decodes as.
    case null
    /// Sent with this value: the server sets the field to it.
    case value(Wrapped)

    /// The value, `nil` when absent or null: for reading when the difference does not matter (switch over
    /// the cases when it does).
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Writes the value, or `null` (`.absent` is left out by the keyed container before it gets here).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if case .value(let value) = self { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// `.null` for `null`, else the decoded value (whose errors are thrown as they are). A missing key never
    /// gets here: the keyed container's `decode(_:forKey:)` overload makes it `.absent`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try container.decodeNil() ? .null : .value(container.decode(Wrapped.self))
    }
}

extension KeyedEncodingContainer {
    /// Leaves an `.absent` property out; writes `.null` as `null` and a value as that value. It is what lets a
    /// synthesized `encode(to:)` tell "leave unchanged" from "clear" in a PATCH body.
    public mutating func encode<Wrapped: Encodable>(_ value: Nullable<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// `.absent` for a missing key, `.null` for `null`, else the value: a synthesized `init(from:)` calls it,
    /// so a `Nullable` property needs no default value or `CodingKeys` work to tolerate a missing key.
    public func decode<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, forKey key: Key) throws -> Nullable<Wrapped> {
        guard contains(key) else { return .absent }
        return try decodeNil(forKey: key) ? .null : .value(decode(Wrapped.self, forKey: key))
    }
}

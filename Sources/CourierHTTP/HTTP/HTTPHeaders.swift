/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Order and repeated fields are kept (`Set-Cookie` may appear several times); subscripting by name reads
/// the first value, and `values(for:)` all of them. Header validity (no CR/LF) is checked when a request is
/// built, not here, so building headers never throws.
///
/// `==` compares the fields as stored: same order, names with the same case. Compare single values with the
/// subscript when that is too strict.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers["x-trace-id"] = "abc"        // replaces every field of that name
/// headers.add(name: "Cookie", value: "a=1")
/// headers["accept"]                    // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field, name and value as given: kept apart so repeated fields and their order survive.
    public struct Field: Sendable, Hashable {
        /// The name as given (lookups ignore case).
        public var name: String
        /// The value, as sent (not trimmed or unfolded).
        public var value: String

        /// Creates a field; nothing is checked until a request is built from it.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order, repeated names included: the form for code that must see every field.
    public private(set) var fields: [Field]

    /// Creates headers from fields, keeping their order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Creates headers from name/value pairs, keeping their order.
    public init(_ pairs: [(String, String)]) { self.fields = pairs.map { Field(name: $0.0, value: $0.1) } }

    /// Creates headers from a dictionary literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name` (case-insensitive); setting replaces every field of that name (the new
    /// field takes the position of the first old one), and setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.equalNames($0.name, name) }?.value }
        set {
            let position = fields.firstIndex { Self.equalNames($0.name, name) }
            fields.removeAll { Self.equalNames($0.name, name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(position ?? fields.count, fields.count))
        }
    }

    /// Every value for `name` (case-insensitive), in order: for fields that may repeat (`Set-Cookie`, `Vary`,
    /// `Link`), where the subscript would see only the first.
    public func values(for name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// Appends a field, keeping existing fields of the same name: how to send a repeated field, where the
    /// subscript would replace.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    /// Returns these headers with `other`'s fields replacing fields of the same name (every field of that name,
    /// so `other`'s repeated fields come through whole): how an endpoint's headers override the defaults.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        // Every request built with default headers passes here: compare names in place (headers are few)
        // rather than collecting lowercased names into a set.
        guard !other.isEmpty else { return self }
        guard !isEmpty else { return other }
        var merged: [Field] = []
        merged.reserveCapacity(fields.count + other.fields.count)   // one allocation, not one per step
        for field in fields where !other.fields.contains(where: { Self.equalNames($0.name, field.name) }) {
            merged.append(field)
        }
        merged.append(contentsOf: other.fields)
        return HTTPHeaders(merged)
    }

    /// The distinct names, in order of first appearance (compared case-insensitively), spelled as first given:
    /// to visit each name once with `values(for:)`.
    public var uniqueNames: [String] {
        var seen: Set<String> = []
        return fields.compactMap { seen.insert($0.name.lowercased()).inserted ? $0.name : nil }
    }

    /// One field per name, repeated fields joined as URLSession needs them (a `URLRequest` holds one value per
    /// name): `Cookie` values with "; " (RFC 6265 §5.4), others with ", " (RFC 9110 §5.3). The one place this rule
    /// lives.
    package var combined: HTTPHeaders {
        joined { _ in true }
    }

    /// The fields as they go on the wire over HTTP/1.1: repeated fields stay separate lines (RFC 9110 §5.3), except
    /// `Cookie`, which a client sends as one field (RFC 6265 §5.4).
    package var combiningCookies: HTTPHeaders {
        joined { $0.caseInsensitiveEquals("Cookie") }
    }

    /// Repeated fields whose name `joins` accepts joined into the first of them (see `combined`).
    private func joined(_ joins: (String) -> Bool) -> HTTPHeaders {
        // Every request passes here: find a repeat without allocating (headers are few).
        let repeats = fields.indices.contains { index in
            joins(fields[index].name) && fields[..<index].contains { Self.equalNames($0.name, fields[index].name) }
        }
        guard repeats else { return self }
        var result: [Field] = []
        for field in fields {
            guard joins(field.name) else {
                result.append(field)
                continue
            }
            if let first = result.firstIndex(where: { Self.equalNames($0.name, field.name) }) {
                let separator = field.name.caseInsensitiveEquals("Cookie") ? "; " : ", "
                result[first].value += separator + field.value
            } else {
                result.append(field)
            }
        }
        return HTTPHeaders(result)
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// `Name: value` lines, unredacted: log it only through a logger that redacts credentials.
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    static func equalNames(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.caseInsensitiveEquals(rhs)
    }
}

extension String {
    /// ASCII case-insensitive comparison (header names are ASCII tokens).
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        var lhs = utf8.makeIterator()
        var rhs = other.utf8.makeIterator()
        while true {
            switch (lhs.next(), rhs.next()) {
            case (nil, nil): return true
            case let (a?, b?):
                if a == b { continue }
                if (a | 0x20) != (b | 0x20) || !((a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) { return false }
            default: return false
            }
        }
    }
}

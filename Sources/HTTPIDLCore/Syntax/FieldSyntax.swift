/// `[modifiers] TYPE name [= key] [DEFAULT literal];`
package struct FieldSyntax: Sendable, Hashable {
    /// A prefix keyword of a field.
    package enum Modifier: String, Sendable, Hashable, CaseIterable {
        private static let table = KeywordTable<Modifier>()

        /// The case spelled `rawValue`, if any.
        package init?(rawValue: String) {
            guard let value = Self.table.keyword(rawValue) else { return nil }
            self = value
        }

        /// Non-optional property.
        case required = "REQUIRED"
        /// An optional body or `STRUCT` field that can also be sent as `null` on purpose (`Nullable<T>`).
        case nullable = "NULLABLE"
        /// A `STRUCT` field only the server sends (OpenAPI `readOnly`): decoded, never encoded.
        case readOnly = "READONLY"
        /// A `STRUCT` field only the client sends (OpenAPI `writeOnly`): encoded, optional when decoded.
        case writeOnly = "WRITEONLY"
        /// Sent in the query string.
        case query = "QUERY"
        /// Sent as a header.
        case header = "HEADER"
        /// A path parameter (`$name` in the URI).
        case path = "PATH"
        /// Sent in the body.
        case body = "BODY"
    }

    /// `///` lines before the field.
    package let doc: [String]
    /// Prefix keywords with their ranges, in source order.
    package let modifiers: [(Modifier, SourceRange)]
    /// The type.
    package let type: TypeSyntax
    /// The field's name.
    package let name: Identifier
    /// The wire key after `=`, if any.
    package let key: WireKeySyntax?
    /// The literal after `DEFAULT`, if any.
    package let defaultValue: LiteralSyntax?
    /// The style in `QUERY(STYLE)`, with its range.
    package var queryStyle: (QueryStyle, SourceRange)?
    /// The whole field.
    package let range: SourceRange

    /// Creates a field.
    package init(doc: [String], modifiers: [(Modifier, SourceRange)], type: TypeSyntax, name: Identifier,
                key: WireKeySyntax?, defaultValue: LiteralSyntax?, range: SourceRange) {
        self.doc = doc
        self.modifiers = modifiers
        self.type = type
        self.name = name
        self.key = key
        self.defaultValue = defaultValue
        self.range = range
    }

    /// Whether the field has `modifier`.
    package func has(_ modifier: Modifier) -> Bool { modifiers.contains { $0.0 == modifier } }

    /// Fields are equal when they are written the same at the same place.
    package static func == (lhs: FieldSyntax, rhs: FieldSyntax) -> Bool {
        lhs.range == rhs.range && lhs.name == rhs.name && lhs.type == rhs.type && lhs.key == rhs.key
            && lhs.defaultValue == rhs.defaultValue && lhs.doc == rhs.doc && lhs.modifiers.map(\.0) == rhs.modifiers.map(\.0)
            && lhs.queryStyle?.0 == rhs.queryStyle?.0
    }

    /// Hashes the place and name.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(name)
    }
}

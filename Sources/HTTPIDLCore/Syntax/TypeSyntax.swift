/// A type as written: `ARRAY<T>`, `DICT<K, V>` or a name (built-in scalar or declared type).
package struct TypeSyntax: Sendable, Hashable {
    /// The shape of the type. Only the cases that contain a type are `indirect`: a name is stored inline,
    /// so the common field type costs no heap box.
    package enum Kind: Sendable, Hashable {
        /// `ARRAY<element>`
        indirect case array(TypeSyntax)
        /// `DICT<key, value>`
        indirect case dictionary(key: TypeSyntax, value: TypeSyntax)
        /// A built-in scalar keyword (`INT32`, `STRING`, …) or a declared name.
        case named(String)
        /// A type that failed to parse (already diagnosed).
        case invalid
    }

    /// The shape.
    package let kind: Kind
    /// Where it is.
    package let range: SourceRange

    /// Creates a type.
    package init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The type in canonical IDL spelling.
    package var canonical: String {
        switch kind {
        case .array(let element): return "ARRAY<\(element.canonical)>"
        case .dictionary(let key, let value): return "DICT<\(key.canonical), \(value.canonical)>"
        case .named(let name): return name
        case .invalid: return "<invalid>"
        }
    }
}

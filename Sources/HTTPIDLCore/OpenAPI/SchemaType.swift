/// The `.http` type an OpenAPI schema becomes, whether `null` is allowed, and notes on what was approximated.
struct SchemaType: Sendable, Hashable {
    /// The IDL type (`ARRAY<Pet>`, `STRING`, `Pet`).
    var text: String
    /// Whether the schema allows `null` (3.0 `nullable`, a 3.1 `null` type, a `null` `oneOf` variant).
    var nullable = false
    /// `//` notes for the field or part that uses the type.
    var notes: [String] = []

    static let any = SchemaType(text: "ANY")
}

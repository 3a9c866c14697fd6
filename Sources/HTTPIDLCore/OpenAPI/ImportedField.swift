/// A field of the `.http` file an OpenAPI import writes: `/// doc`, `// note`, then
/// `[REQUIRED|NULLABLE] [READONLY|WRITEONLY] [PLACEMENT] TYPE name [= "key"];`.
struct ImportedField: Sendable, Hashable {
    /// `///` lines.
    var doc: [String] = []
    /// `//` lines (what the import could not express).
    var notes: [String] = []
    /// Whether the field is `REQUIRED`.
    var isRequired = false
    /// Whether the field is `NULLABLE` (a request property that can be sent as `null` on purpose).
    var isNullable = false
    /// `READONLY` (OpenAPI `readOnly`) or `WRITEONLY` (`writeOnly`) on a `STRUCT` field, else nil.
    var direction: String?
    /// `QUERY`, `QUERY(REPEATED)`, `HEADER`, `PATH`, `BODY` or nothing.
    var placement: String?
    /// The IDL type (`ARRAY<Pet>`).
    var type: String
    /// The IDL field name (an identifier).
    var name: String
    /// The wire key when it differs from `name`.
    var key: String?
    /// The `DEFAULT` literal.
    var defaultValue: String?
    /// Where an exported request field stood among its request's fields (`x-httpidl-position`).
    var position: Int?
}

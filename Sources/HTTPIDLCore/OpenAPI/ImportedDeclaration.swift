/// A top-level declaration of the `.http` file an OpenAPI import writes (the typed form between the OpenAPI
/// document and the `.http` text).
enum ImportedDeclaration: Sendable {
    /// `STRUCT Name { fields }`.
    case structure(name: String, doc: [String], notes: [String], fields: [ImportedField])
    /// `ENUM Name : RAW { CASE = literal; }`.
    case enumeration(name: String, doc: [String], raw: String, cases: [(name: String, literal: String, doc: [String])])
    /// `EXTERN Name;`.
    case external(name: String)
    /// `UNION Name { TYPE; … }`, or `UNION Name = property { TYPE = value; … }` with a discriminator.
    case union(name: String, doc: [String], notes: [String], discriminator: String?, members: [(type: String, tag: String?)])
    /// `MESSAGE(Name) uri { parts }`.
    case message(name: String, uri: String, doc: [String], notes: [String], parts: [ImportedPart])

}

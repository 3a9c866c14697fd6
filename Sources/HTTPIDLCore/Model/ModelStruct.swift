/// A `STRUCT`.
package struct ModelStruct: Sendable {
    /// The Swift type name.
    package let name: String
    /// `///` lines.
    package let doc: [String]
    /// The fields in order.
    package let fields: [ModelField]
}

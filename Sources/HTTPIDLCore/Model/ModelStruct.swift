/// A `STRUCT`.
public struct ModelStruct: Sendable {
    /// The Swift type name.
    public let name: String
    /// `///` lines.
    public let doc: [String]
    /// The fields in order.
    public let fields: [ModelField]
}

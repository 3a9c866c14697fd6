/// A `UNION`: a Swift enum with one case per member type and a fallback case holding any other JSON value.
public struct ModelUnion: Sendable {
    /// One member.
    public struct Case: Sendable {
        /// The Swift case name (unescaped).
        public let swiftName: String
        /// The member type.
        public let type: ModelType
    }

    /// The Swift type name.
    public let name: String
    /// `///` lines.
    public let doc: [String]
    /// The members in declaration order (decoding tries them in this order).
    public let cases: [Case]
    /// The name of the `case …(JSONValue)` that keeps a value no member decodes.
    public let fallbackName: String
}

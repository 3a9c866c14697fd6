/// A `UNION`: a Swift enum with one case per member type and a fallback case holding any other JSON value.
package struct ModelUnion: Sendable {
    /// One member.
    package struct Case: Sendable {
        /// The Swift case name (unescaped).
        package let swiftName: String
        /// The member type.
        package let type: ModelType
        /// The discriminator value that selects this member (`nil` in a union without a discriminator).
        package var tag: String? = nil
    }

    /// The Swift type name.
    package let name: String
    /// `///` lines.
    package let doc: [String]
    /// The members in declaration order (decoding tries them in this order).
    package let cases: [Case]
    /// The name of the `case …(JSONValue)` that keeps a value no member decodes.
    package let fallbackName: String
    /// The JSON property whose value names the member (`nil`: decoding tries the members in order).
    package var discriminator: String? = nil
}

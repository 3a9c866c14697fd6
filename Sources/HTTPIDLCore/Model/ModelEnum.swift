/// An `ENUM`.
package struct ModelEnum: Sendable {
    /// One case.
    package struct Case: Sendable {
        /// The Swift case name (unescaped).
        package let swiftName: String
        /// The raw value as a Swift literal (`"active"`, `0`).
        package let rawLiteral: String
        /// `///` lines.
        package let doc: [String]
    }

    /// The Swift type name.
    package let name: String
    /// `///` lines.
    package let doc: [String]
    /// `STRING` or an integer type.
    package let rawType: ScalarType
    /// The declared cases.
    package let cases: [Case]
    /// The name of the `case …(RawValue)` that keeps values this version does not know.
    package let fallbackName: String
}

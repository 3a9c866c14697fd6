/// An `ENUM`.
public struct ModelEnum: Sendable {
    /// One case.
    public struct Case: Sendable {
        /// The Swift case name (unescaped).
        public let swiftName: String
        /// The raw value as a Swift literal (`"active"`, `0`).
        public let rawLiteral: String
        /// `///` lines.
        public let doc: [String]
    }

    /// The Swift type name.
    public let name: String
    /// `///` lines.
    public let doc: [String]
    /// `STRING` or an integer type.
    public let rawType: ScalarType
    /// The declared cases.
    public let cases: [Case]
    /// The name of the `case …(RawValue)` that keeps values this version does not know.
    public let fallbackName: String
}

/// `ENUM Name : TYPE { CASE = literal; … }`.
public struct EnumSyntax: Sendable, Hashable {
    /// One `CASE = literal;`.
    public struct Case: Sendable, Hashable {
        /// `///` lines before the case.
        public let doc: [String]
        /// The case name.
        public let name: Identifier
        /// The raw value.
        public let value: LiteralSyntax
        /// The whole case.
        public let range: SourceRange
    }

    /// `///` lines before the enum.
    public let doc: [String]
    /// The name.
    public let name: Identifier
    /// The raw type (`STRING`, `INT32`, …).
    public let rawType: TypeSyntax
    /// The cases.
    public let cases: [Case]
    /// The whole enum.
    public let range: SourceRange
}

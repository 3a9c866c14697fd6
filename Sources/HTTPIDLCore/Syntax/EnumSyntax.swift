/// `ENUM Name : TYPE { CASE = literal; … }`.
package struct EnumSyntax: Sendable, Hashable {
    /// One `CASE = literal;`.
    package struct Case: Sendable, Hashable {
        /// `///` lines before the case.
        package let doc: [String]
        /// The case name.
        package let name: Identifier
        /// The raw value.
        package let value: LiteralSyntax
        /// The whole case.
        package let range: SourceRange
    }

    /// `///` lines before the enum.
    package let doc: [String]
    /// The name.
    package let name: Identifier
    /// The raw type (`STRING`, `INT32`, …).
    package let rawType: TypeSyntax
    /// The cases.
    package let cases: [Case]
    /// The whole enum.
    package let range: SourceRange
}

/// A literal after `DEFAULT` or `=` in an enum case: a string, a number or a boolean.
public struct LiteralSyntax: Sendable, Hashable {
    /// The literal's value.
    public enum Value: Sendable, Hashable {
        /// `"text"`
        case string(String)
        /// `42`, `-7`
        case integer(String)
        /// `1.5`, `-2e3`
        case float(String)
        /// `true` / `false`
        case bool(Bool)
    }

    /// The value.
    public let value: Value
    /// Where it is.
    public let range: SourceRange

    /// Creates a literal.
    public init(_ value: Value, range: SourceRange) {
        self.value = value
        self.range = range
    }
}

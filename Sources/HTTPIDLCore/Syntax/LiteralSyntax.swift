/// A literal after `DEFAULT` or `=` in an enum case: a string, a number or a boolean.
package struct LiteralSyntax: Sendable, Hashable {
    /// The literal's value.
    package enum Value: Sendable, Hashable {
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
    package let value: Value
    /// Where it is.
    package let range: SourceRange

    /// Creates a literal.
    package init(_ value: Value, range: SourceRange) {
        self.value = value
        self.range = range
    }

    /// Whether `text` is an integer literal: `-?[0-9]+`.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Whether `text` is a floating-point literal: `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` with a fraction or an
    /// exponent.
    static func isFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        func digits() -> Bool {
            let run = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(run.count)
            return !run.isEmpty
        }
        guard digits() else { return false }
        var sawFractionOrExponent = false
        if rest.hasPrefix(".") {
            rest = rest.dropFirst()
            guard digits() else { return false }
            sawFractionOrExponent = true
        }
        if rest.hasPrefix("e") || rest.hasPrefix("E") {
            rest = rest.dropFirst()
            if rest.hasPrefix("+") || rest.hasPrefix("-") { rest = rest.dropFirst() }
            guard digits() else { return false }
            sawFractionOrExponent = true
        }
        return rest.isEmpty && sawFractionOrExponent
    }
}

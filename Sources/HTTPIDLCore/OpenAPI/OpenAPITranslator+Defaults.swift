/// `default` values that `.http` can state as `DEFAULT` (checked against the field's type the way the
/// compiler checks them; anything else is left out, and the field stays optional).
extension OpenAPITranslator {
    func defaultLiteral(_ schema: YAMLNode?, type: String) -> String? {
        guard let value = schema?["default"] else { return nil }
        if let literals = enumLiterals[type] {
            let literal: String? = switch value.value {
            case .string(let text): Naming.stringLiteral(text)
            case .integer(let text): text
            default: nil
            }
            return literal.flatMap { literals.contains($0) ? $0 : nil }
        }
        guard let scalar = ScalarType(rawValue: type) else { return nil }
        switch (scalar, value.value) {
        case (.string, .string(let text)), (.any, .string(let text)):
            return Naming.stringLiteral(text)
        case (.bool, .bool(let flag)), (.any, .bool(let flag)):
            return flag ? "true" : "false"
        case (_, .integer(let text)) where scalar.isInteger:
            return LiteralSyntax.isInteger(text) && scalar.fits(integer: text) ? text : nil
        case (.any, .integer(let text)):
            return LiteralSyntax.isInteger(text) && ScalarType.int64.fits(integer: text) ? text : nil
        case (.double, .integer(let text)), (.float, .integer(let text)):
            return LiteralSyntax.isInteger(text) && scalar.floatLiteralProblem(text, isIntegerLiteral: true) == nil ? text : nil
        case (.double, .float(let text)), (.float, .float(let text)), (.any, .float(let text)):
            let checked: ScalarType = scalar == .any ? .double : scalar
            return LiteralSyntax.isFloat(text) && checked.floatLiteralProblem(text, isIntegerLiteral: false) == nil ? text : nil
        default:
            return nil
        }
    }
}

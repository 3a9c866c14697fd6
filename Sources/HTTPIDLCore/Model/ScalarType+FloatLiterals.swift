import Foundation

extension ScalarType {
    /// Why the numeric literal `text` cannot be a `DOUBLE`/`FLOAT` default as written, or `nil` when it can.
    ///
    /// Swift turns such a literal into another value with only a warning: it overflows to infinity, underflows
    /// to zero or a subnormal, or (an integer literal) is rounded to the nearest representable number.
    func floatLiteralProblem(_ text: String, isIntegerLiteral: Bool) -> String? {
        let value: Double
        let isSubnormal: Bool
        switch self {
        case .double:
            guard let parsed = Double(text) else { return nil }
            (value, isSubnormal) = (parsed, parsed.isSubnormal)
        case .float:
            guard let parsed = Float(text) else { return nil }
            (value, isSubnormal) = (Double(parsed), parsed.isSubnormal)
        default:
            return nil
        }
        if !value.isFinite { return "overflows to infinity" }
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        if isSubnormal || (value == 0 && mantissa.contains(where: { ("1"..."9").contains($0) })) { return "underflows" }
        guard isIntegerLiteral else { return nil }
        let digits = text.drop { $0 == "-" || $0 == "+" || $0 == "0" }
        let exact = String(format: "%.0f", value.magnitude)
        return digits.isEmpty || exact == digits ? nil : "is not exactly representable"
    }
}

/// The YAML 1.2 core schema: what a plain (unquoted) scalar means.
enum YAMLScalarResolver {
    /// `null`, `true`, `42`, `0x1F`, `1.5e3`, `.inf` or a string, per the core schema's regular expressions.
    static func resolve(_ text: String) -> YAMLNode.Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
             ".nan", ".NaN", ".NAN":
            return .float(text)
        default:
            break
        }
        let bytes = Array(text.utf8)
        if isInteger(bytes) { return .integer(text) }
        if isFloat(bytes) { return .float(text) }
        return .string(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isInteger(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = bytes.dropFirst(2)
            if bytes[1] == UInt8(ascii: "o") { return digits.allSatisfy { $0 >= 0x30 && $0 <= 0x37 } }
            if bytes[1] == UInt8(ascii: "x") {
                return digits.allSatisfy { isDigit($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
            }
        }
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var integerDigits = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; integerDigits += 1 }
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1; fractionDigits += 1 }
            if integerDigits == 0, fractionDigits == 0 { return false }
        } else if integerDigits == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while index < bytes.count, isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            if exponentDigits == 0 { return false }
        }
        return index == bytes.count
    }
}

/// Swift names from IDL names: case conversion, keyword escaping, string literals.
enum Naming {
    /// Words separated by anything that is not an ASCII letter or digit; case changes also split
    /// (`userID` → `user`, `ID`; `URLString` → `URL`, `String`).
    static func words(_ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        var words: [String] = []
        var start: Int?
        for index in utf8.indices {
            let byte = utf8[index]
            guard isASCIILetterOrDigit(byte) else {
                if let first = start { words.append(String(decoding: utf8[first..<index], as: UTF8.self)) }
                start = nil
                continue
            }
            if let first = start, isUpper(byte) {
                let previous = utf8[index - 1]
                let next: UInt8 = index + 1 < utf8.count ? utf8[index + 1] : 0
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(next)) {
                    words.append(String(decoding: utf8[first..<index], as: UTF8.self))
                    start = index
                }
            }
            if start == nil { start = index }
        }
        if let first = start { words.append(String(decoding: utf8[first...], as: UTF8.self)) }
        return words
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || isDigit(byte) }

    /// The words of `text` joined in camel case: each word capitalized (an all-caps word such as `URL` as
    /// `Url`), the first one lower-cased entirely when `lowerFirst`. The words are ASCII.
    private static func camelCase(_ text: String, lowerFirst: Bool) -> String {
        var result = ""
        for (index, word) in words(text).enumerated() {
            if lowerFirst, index == 0 {
                result += word.lowercased()
            } else {
                let rest = word.utf8.contains(where: isLower) ? String(word.dropFirst()) : word.dropFirst().lowercased()
                result += word.prefix(1).uppercased() + rest
            }
        }
        return result
    }

    /// `snap_id` → `SnapId`, `user-name.json` → `UserNameJson`; empty when the text has no ASCII letter or digit.
    static func upperCamel(_ text: String) -> String {
        camelCase(text, lowerFirst: false)
    }

    /// `snap_id` → `snapId`, `URLString` → `urlString`, `ID` → `id`; empty when the text has no ASCII letter or digit.
    static func lowerCamel(_ text: String) -> String {
        var result = camelCase(text, lowerFirst: true)
        if let first = result.utf8.first, isDigit(first) { result = "_" + result }
        return memberName(result)
    }

    /// Swift keywords and names that need backticks when used as identifiers.
    static let swiftKeywords: WordSet = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "await", "async", "some", "any", "Type", "Protocol", "borrowing", "consuming", "package",
    ]

    /// Names that cannot be members even in backticks (`self` shadows the instance in initializers, `.init`
    /// means the initializer); they get a `Value` suffix.
    static let unusableMemberNames: WordSet = ["self", "init", "Type", "Protocol"]

    /// A usable Swift member name for a lowerCamelCase name.
    static func memberName(_ name: String) -> String {
        unusableMemberNames.contains(name) ? name + "Value" : name
    }

    /// The identifier, in backticks when it is a Swift keyword.
    static func escaped(_ name: String) -> String {
        swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// The name as a call-site argument label: only `inout` needs backticks there.
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// A Swift string literal for `text`, with `\`, `"` and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        "\"" + stringLiteralContent(text) + "\""
    }

    /// The inside of `stringLiteral(text)`, without the quotes.
    static func stringLiteralContent(_ text: String) -> String {
        // Every character that needs an escape is ASCII: most text has none and is used as it is.
        func needsEscape(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")
        }
        guard text.utf8.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Levenshtein distance, for "did you mean" suggestions (short names only).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.lowercased()), b = Array(rhs.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}

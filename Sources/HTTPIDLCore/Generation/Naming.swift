/// Swift names from IDL names: case conversion, keyword escaping, string literals.
enum Naming {
    /// Whether every UTF-8 byte of `text` satisfies `predicate`, read from the string's contiguous storage
    /// when it has one (native and small strings do).
    @inline(__always)
    static func allBytes(of text: String, _ predicate: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? text.utf8.allSatisfy(predicate)
    }

    /// `[a-z][a-z0-9]*` — already a camel-case word (the common case, converted without allocating words).
    static func isPlainLowercase(_ text: String) -> Bool {
        guard let first = text.utf8.first, first >= 0x61, first <= 0x7A else { return false }
        return allBytes(of: text) { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Words separated by anything that is not an ASCII letter or digit; case changes also split
    /// (`userID` → `user`, `ID`; `URLString` → `URL`, `String`).
    static func words(_ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        return wordRanges(utf8).map { String(decoding: utf8[$0], as: UTF8.self) }
    }

    /// The ranges of `words` in some UTF-8 bytes.
    static func wordRanges(_ utf8: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // Safe: the buffer is only read, inside the closure.
        utf8.withUnsafeBufferPointer { bytes in forEachWord(in: bytes) { ranges.append($0) } }
        return ranges
    }

    /// Calls `body` with the range of each word of `words` in some UTF-8 bytes, in order.
    private static func forEachWord(in utf8: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start: Int?
        for index in utf8.indices {
            let byte = utf8[index]
            guard isASCIILetterOrDigit(byte) else {
                if let first = start { body(first..<index) }
                start = nil
                continue
            }
            if let first = start, isUpper(byte) {
                let previous = utf8[index - 1]
                let next: UInt8 = index + 1 < utf8.count ? utf8[index + 1] : 0
                if isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(next)) {
                    body(first..<index)
                    start = index
                }
            }
            if start == nil { start = index }
        }
        if let first = start { body(first..<utf8.count) }
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) || isDigit(byte) }
    private static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }
    private static func uppercased(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 0x20 : byte }

    /// The words of `text` joined in camel case: each word capitalized (an all-caps word such as `URL` as
    /// `Url`), the first one lower-cased entirely when `lowerFirst`.
    private static func camelCase(_ text: String, lowerFirst: Bool) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            // The words are ASCII and never longer than the text together: written straight into the string,
            // word by word as they are found (no arrays of bytes or ranges). Safe: `utf8` is only read inside
            // `withUTF8`'s closure, and `result` has room for all of its bytes, more than the words write.
            String(unsafeUninitializedCapacity: utf8.count) { result in
                var count = 0
                var isFirst = true
                forEachWord(in: utf8) { range in
                    if lowerFirst, isFirst {
                        for index in range {
                            result[count] = lowercased(utf8[index])
                            count += 1
                        }
                    } else {
                        var isAllCaps = true
                        for index in range where isLower(utf8[index]) {
                            isAllCaps = false
                            break
                        }
                        result[count] = uppercased(utf8[range.lowerBound])
                        count += 1
                        for index in (range.lowerBound + 1)..<range.upperBound {
                            result[count] = isAllCaps ? lowercased(utf8[index]) : utf8[index]
                            count += 1
                        }
                    }
                    isFirst = false
                }
                return count
            }
        }
    }

    /// `snap_id` → `SnapId`, `user-name.json` → `UserNameJson`; empty when the text has no ASCII letter or digit.
    static func upperCamel(_ text: String) -> String {
        if isPlainLowercase(text) {
            var bytes = Array(text.utf8)
            bytes[0] -= 0x20  // `a`…`z` → `A`…`Z`
            return String(decoding: bytes, as: UTF8.self)
        }
        return camelCase(text, lowerFirst: false)
    }

    /// Appends the bytes of `upperCamel(text)` (ASCII letters and digits).
    static func appendUpperCamel(_ text: String, to bytes: inout [UInt8]) {
        guard isPlainLowercase(text) else {
            bytes.append(contentsOf: camelCase(text, lowerFirst: false).utf8)
            return
        }
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        bytes[start] -= 0x20  // `a`…`z` → `A`…`Z`
    }

    /// `snap_id` → `snapId`, `URLString` → `urlString`, `ID` → `id`; empty when the text has no ASCII letter or digit.
    static func lowerCamel(_ text: String) -> String {
        if isPlainLowercase(text) { return memberName(text) }
        var result = camelCase(text, lowerFirst: true)
        if let first = result.utf8.first, isDigit(first) { result = "_" + result }
        return memberName(result)
    }

    /// `first`, `second` and `third` one after the other, copied once into a string of the right size (a
    /// generated type name: method prefix, stem, suffix).
    static func concatenate(_ first: String, _ second: String, _ third: String) -> String {
        let count = first.utf8.count + second.utf8.count + third.utf8.count
        // Safe: `buffer` has room for `count` bytes, the three lengths together, and each part's bytes are
        // read only inside the closure that lends them.
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = copy(first, into: buffer, at: 0)
            offset = copy(second, into: buffer, at: offset)
            return copy(third, into: buffer, at: offset)
        }
    }

    /// Copies the UTF-8 bytes of `part` into `buffer` from `offset` (room for them is the caller's
    /// business); returns the offset after them. A static function rather than a nested one that updates a
    /// captured offset, which costs a dynamic exclusivity check per access.
    private static func copy(_ part: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        // Native and small strings are contiguous UTF-8; any other is copied byte by byte.
        let copied: Int? = part.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
            (target + offset).initialize(from: source, count: bytes.count)
            return offset + bytes.count
        }
        if let copied { return copied }
        var end = offset
        for byte in part.utf8 {
            buffer[end] = byte
            end += 1
        }
        return end
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
        guard !allBytes(of: text, { !needsEscape($0) }) else { return text }
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

/// A strict JSON (RFC 8259) reader producing `YAMLNode`s (JSON is YAML 1.2), so one importer serves both.
///
/// Faster than the YAML parser on big specs (no indentation rules); keys keep their order, duplicate keys and
/// nesting deeper than `YAMLParser.maximumDepth` are `YAMLError`s with the offending offset; never crashes.
package struct JSONReader {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0

    /// Reads the single JSON value of `source`.
    package static func read(_ source: SourceFile) throws(YAMLError) -> YAMLNode {
        var reader = JSONReader(scalars: source.scalars)
        if reader.scalars.first == "\u{FEFF}" { reader.position = 1 }
        reader.skipSpace()
        let value = try reader.readValue()
        reader.skipSpace()
        if reader.position < reader.scalars.count {
            throw YAMLError("unexpected content after the JSON value", at: reader.position)
        }
        return value
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func skipSpace() {
        while let scalar = peek(), scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" { position += 1 }
    }

    private mutating func readValue() throws(YAMLError) -> YAMLNode {
        let start = position
        guard let scalar = peek() else { throw YAMLError("unexpected end of JSON input", at: position) }
        switch scalar {
        case "{": return try nested { (reader: inout JSONReader) throws(YAMLError) in try reader.readObject() }
        case "[": return try nested { (reader: inout JSONReader) throws(YAMLError) in try reader.readArray() }
        case "\"": return YAMLNode(.string(try readString()), offset: start)
        case "t": try readWord("true"); return YAMLNode(.bool(true), offset: start)
        case "f": try readWord("false"); return YAMLNode(.bool(false), offset: start)
        case "n": try readWord("null"); return YAMLNode(.null, offset: start)
        case "-", "0"..."9": return try readNumber()
        default: throw YAMLError("unexpected '\(scalar)' in JSON; expected a value", at: position)
        }
    }

    private mutating func nested(_ body: (inout JSONReader) throws(YAMLError) -> YAMLNode) throws(YAMLError) -> YAMLNode {
        depth += 1
        if depth > YAMLParser.maximumDepth {
            throw YAMLError("the document nests deeper than \(YAMLParser.maximumDepth) levels", at: position)
        }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func readObject() throws(YAMLError) -> YAMLNode {
        let open = position
        position += 1
        var entries: [YAMLNode.Entry] = []
        var seen: [String: Int] = [:]
        skipSpace()
        if peek() == "}" {
            position += 1
            return YAMLNode(.mapping([]), offset: open)
        }
        while true {
            skipSpace()
            guard peek() == "\"" else {
                if peek() == nil { throw YAMLError("unterminated JSON object: '{' is never closed", at: open) }
                throw YAMLError("expected a string key in a JSON object", at: position)
            }
            let keyOffset = position
            let key = try readString()
            if seen.updateValue(keyOffset, forKey: key) != nil {
                throw YAMLError("duplicate key '\(key)'", at: keyOffset)
            }
            skipSpace()
            guard peek() == ":" else { throw YAMLError("expected ':' after the key '\(key)'", at: position) }
            position += 1
            skipSpace()
            entries.append(YAMLNode.Entry(key: key, keyOffset: keyOffset, value: try readValue()))
            skipSpace()
            switch peek() {
            case ",": position += 1
            case "}": position += 1; return YAMLNode(.mapping(entries), offset: open)
            case nil: throw YAMLError("unterminated JSON object: '{' is never closed", at: open)
            default: throw YAMLError("expected ',' or '}' in a JSON object", at: position)
            }
        }
    }

    private mutating func readArray() throws(YAMLError) -> YAMLNode {
        let open = position
        position += 1
        var items: [YAMLNode] = []
        skipSpace()
        if peek() == "]" {
            position += 1
            return YAMLNode(.sequence([]), offset: open)
        }
        while true {
            skipSpace()
            items.append(try readValue())
            skipSpace()
            switch peek() {
            case ",": position += 1
            case "]": position += 1; return YAMLNode(.sequence(items), offset: open)
            case nil: throw YAMLError("unterminated JSON array: '[' is never closed", at: open)
            default: throw YAMLError("expected ',' or ']' in a JSON array", at: position)
            }
        }
    }

    private mutating func readWord(_ word: String) throws(YAMLError) {
        let start = position
        for expected in word.unicodeScalars {
            guard peek() == expected else { throw YAMLError("invalid JSON literal; expected '\(word)'", at: start) }
            position += 1
        }
    }

    private mutating func readNumber() throws(YAMLError) -> YAMLNode {
        let start = position
        var isFloat = false
        if peek() == "-" { position += 1 }
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while let scalar = reader.peek(), ("0"..."9").contains(scalar) { reader.position += 1; count += 1 }
            return count
        }
        let integerStart = position
        let integerDigits = digits(&self)
        if integerDigits == 0 || (integerDigits > 1 && scalars[integerStart] == "0") {
            throw YAMLError("invalid JSON number", at: start)
        }
        if peek() == "." {
            position += 1
            isFloat = true
            if digits(&self) == 0 { throw YAMLError("invalid JSON number: digits must follow '.'", at: start) }
        }
        if peek() == "e" || peek() == "E" {
            position += 1
            isFloat = true
            if peek() == "+" || peek() == "-" { position += 1 }
            if digits(&self) == 0 { throw YAMLError("invalid JSON number: the exponent has no digits", at: start) }
        }
        let text = SourceFile.string(scalars[start..<position])
        return YAMLNode(isFloat ? .float(text) : .integer(text), offset: start)
    }

    private mutating func readString() throws(YAMLError) -> String {
        let open = position
        position += 1
        let contentStart = position
        // Fast path: no escapes.
        while let scalar = peek(), scalar != "\"", scalar != "\\", scalar.value >= 0x20 { position += 1 }
        if peek() == "\"" {
            position += 1
            return SourceFile.string(scalars[contentStart..<(position - 1)])
        }
        var text = Array(scalars[contentStart..<position])
        while true {
            guard let scalar = peek() else { throw YAMLError("unterminated JSON string", at: open) }
            if scalar == "\"" {
                position += 1
                return SourceFile.string(text[...])
            }
            if scalar.value < 0x20 { throw YAMLError("a control character must be escaped in a JSON string", at: position) }
            if scalar != "\\" {
                text.append(scalar)
                position += 1
                continue
            }
            let escapeStart = position
            position += 1
            guard let code = peek() else { throw YAMLError("unterminated JSON string", at: open) }
            position += 1
            switch code {
            case "\"": text.append("\"")
            case "\\": text.append("\\")
            case "/": text.append("/")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "u":
                var value = try readHex4(escapeStart)
                if (0xD800...0xDBFF).contains(value) {
                    guard peek() == "\\" else { throw YAMLError("a high surrogate must be followed by a low one", at: escapeStart) }
                    position += 1
                    guard peek() == "u" else { throw YAMLError("a high surrogate must be followed by a low one", at: escapeStart) }
                    position += 1
                    let low = try readHex4(escapeStart)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw YAMLError("a high surrogate must be followed by a low one", at: escapeStart)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(value) else { throw YAMLError("a lone surrogate in a JSON string", at: escapeStart) }
                text.append(decoded)
            default:
                throw YAMLError("unknown escape '\\\(code)' in a JSON string", at: escapeStart)
            }
        }
    }

    private mutating func readHex4(_ escapeStart: Int) throws(YAMLError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek() else { throw YAMLError("'\\u' needs 4 hexadecimal digits", at: escapeStart) }
            let digit: UInt32
            switch scalar.value {
            case 0x30...0x39: digit = scalar.value - 0x30
            case 0x41...0x46: digit = scalar.value - 0x41 + 10
            case 0x61...0x66: digit = scalar.value - 0x61 + 10
            default: throw YAMLError("'\\u' needs 4 hexadecimal digits", at: escapeStart)
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}

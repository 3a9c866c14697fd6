/// Plain, single-quoted and double-quoted scalars, with line folding.
extension YAMLParser {
    /// A plain or quoted scalar: its text, its core-schema value and whether it fit on one line.
    mutating func readScalar(parentIndent: Int, flow: Bool) throws(YAMLError) -> (String, YAMLNode.Value, Bool) {
        switch peek() {
        case "\"":
            let (text, singleLine) = try readQuoted(double: true)
            return (text, .string(text), singleLine)
        case "'":
            let (text, singleLine) = try readQuoted(double: false)
            return (text, .string(text), singleLine)
        default:
            let (text, singleLine) = readPlain(parentIndent: parentIndent, flow: flow)
            return (text, YAMLScalarResolver.resolve(text), singleLine)
        }
    }

    /// A plain scalar. It ends at `: `, ` #`, a line break not followed by a more-indented continuation line,
    /// and in flow context at `, [ ] { }`. Continuation lines are folded: one break is a space, each further
    /// empty line a newline.
    mutating func readPlain(parentIndent: Int, flow: Bool) -> (String, Bool) {
        var pieces: [Unicode.Scalar] = []
        var singleLine = true
        var lineStart = position
        while true {
            var end = position
            while let scalar = peek(), !Self.isBreak(scalar) {
                if scalar == ":", Self.isBlankOrEnd(peek(1)) || (flow && Self.isFlowIndicator(peek(1))) { break }
                if scalar == "#", position > lineStart, Self.isBlank(scalars[position - 1]) { break }
                if flow, Self.isFlowIndicator(scalar) { break }
                position += 1
                if !Self.isBlank(scalar) { end = position }
            }
            pieces.append(contentsOf: scalars[lineStart..<end])
            guard Self.isBreak(peek()) else {
                position = end
                break
            }
            // Look for a continuation line.
            var probe = position
            var breaks = 0
            var content: Int?
            while probe < scalars.count {
                if Self.isBreak(scalars[probe]) {
                    if scalars[probe] == "\r", probe + 1 < scalars.count, scalars[probe + 1] == "\n" { probe += 1 }
                    probe += 1
                    breaks += 1
                } else if Self.isBlank(scalars[probe]) {
                    probe += 1
                } else {
                    content = probe
                    break
                }
            }
            guard let next = content, scalars[next] != "#" else {
                position = end
                break
            }
            position = next
            let column = column(of: next)
            let stops = (!flow && column <= parentIndent) || isAtMarker("---") || isAtMarker("...")
                || (flow && (Self.isFlowIndicator(scalars[next]) || (scalars[next] == ":" && Self.isBlankOrEnd(peek(1)))))
                || (!flow && scalars[next] == ":" && Self.isBlankOrEnd(peek(1)))
            if stops {
                position = end
                break
            }
            if breaks == 1 {
                pieces.append(" ")
            } else {
                pieces.append(contentsOf: repeatElement("\n", count: breaks - 1))
            }
            singleLine = false
            lineStart = next
        }
        return (SourceFile.string(pieces[...]), singleLine)
    }

    /// A `"…"` or `'…'` scalar with escapes (double) or `''` (single), folding line breaks.
    mutating func readQuoted(double: Bool) throws(YAMLError) -> (String, Bool) {
        let open = position
        let quote: Unicode.Scalar = double ? "\"" : "'"
        position += 1
        var text: [Unicode.Scalar] = []
        var trailingBlanks = 0
        var singleLine = true
        while true {
            guard let scalar = peek() else {
                throw YAMLError("unterminated \(double ? "double" : "single")-quoted string", at: open)
            }
            if scalar == quote {
                if !double, peek(1) == "'" {
                    text.append("'")
                    trailingBlanks = 0
                    position += 2
                    continue
                }
                position += 1
                break
            }
            if double, scalar == "\\" {
                if Self.isBreak(peek(1)) {
                    position += 1
                    skipLineBreak()
                    while Self.isBlank(peek()) { position += 1 }
                    singleLine = false
                    trailingBlanks = 0
                    continue
                }
                text.append(try readEscape())
                trailingBlanks = 0
                continue
            }
            if Self.isBreak(scalar) {
                text.removeLast(trailingBlanks)
                trailingBlanks = 0
                var breaks = 0
                while Self.isBreak(peek()) {
                    skipLineBreak()
                    breaks += 1
                    while Self.isBlank(peek()) { position += 1 }
                }
                if isAtMarker("---") || isAtMarker("...") {
                    throw YAMLError("a document marker inside a quoted string; the string was not closed", at: open)
                }
                if breaks == 1 {
                    text.append(" ")
                } else {
                    text.append(contentsOf: repeatElement("\n", count: breaks - 1))
                }
                singleLine = false
                continue
            }
            text.append(scalar)
            trailingBlanks = Self.isBlank(scalar) ? trailingBlanks + 1 : 0
            position += 1
        }
        return (SourceFile.string(text[...]), singleLine)
    }

    /// One `\x` escape of a double-quoted scalar (position at the backslash).
    private mutating func readEscape() throws(YAMLError) -> Unicode.Scalar {
        let start = position
        guard let code = peek(1) else { throw YAMLError("unterminated double-quoted string", at: start) }
        position += 2
        let simple: [Unicode.Scalar: UInt32] = [
            "0": 0, "a": 7, "b": 8, "t": 9, "\t": 9, "n": 10, "v": 11, "f": 12, "r": 13, "e": 27, " ": 32, "\"": 34,
            "/": 47, "\\": 92, "N": 0x85, "_": 0xA0, "L": 0x2028, "P": 0x2029,
        ]
        if let value = simple[code], let scalar = Unicode.Scalar(value) { return scalar }
        let digits: Int
        switch code {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: throw YAMLError("unknown escape '\\\(code)' in a double-quoted string", at: start)
        }
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = peek(), let number = hexValue(digit) else {
                throw YAMLError("'\\\(code)' needs \(digits) hexadecimal digits", at: start)
            }
            value = value * 16 + number
            position += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw YAMLError("'\\\(code)' escape is not a valid Unicode scalar (a surrogate or beyond U+10FFFF)", at: start)
        }
        return scalar
    }

    private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }
}

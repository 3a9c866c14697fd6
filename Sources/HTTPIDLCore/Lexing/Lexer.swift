/// The lex stage: splits a `SourceFile` into tokens, collecting comments and reporting malformed input.
///
/// Delimiters are `{ } < > ( ) , = ; / $ :`; `"` starts a string literal at the beginning of a token; anything
/// else that is not whitespace forms words (keywords, names, numbers, URI text, wire keys). In words, `\`
/// escapes one of `/ { } $ < > ( ) , = ; \ :`. Whitespace and comments end a word (a space never silently
/// vanishes inside a URI or key).
package struct Lexer {
    /// The tokens, ending with `.endOfFile`.
    package private(set) var tokens: [Token] = []
    /// Every comment, in order.
    package private(set) var comments: [Comment] = []
    /// Lexical errors.
    package private(set) var diagnostics: [Diagnostic] = []

    /// The file being lexed.
    let source: SourceFile
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var sawSpace = false
    private var lineHasCode = false
    private var pendingDoc: [String] = []

    /// Characters that `\` may escape.
    static let escapable: Set<Unicode.Scalar> = ["/", "{", "}", "$", "<", ">", "(", ")", ",", "=", ";", "\\", ":"]

    /// Lexes the whole file.
    package init(source: SourceFile) {
        self.source = source
        self.scalars = source.scalars
        if scalars.first == "\u{FEFF}" { position = 1 }
        run()
    }

    private mutating func run() {
        tokens.reserveCapacity(scalars.count / 4)
        while true {
            skipTrivia()
            guard position < scalars.count else { break }
            lexToken()
        }
        appendEndOfFile()
    }

    private mutating func appendEndOfFile() {
        tokens.append(Token(kind: .endOfFile, text: "", range: SourceRange(start: scalars.count, end: scalars.count),
                            precededBySpace: true, docComment: pendingDoc))
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r": return true
        default: return scalar.value > 0x7F && scalar.properties.isWhitespace
        }
    }

    /// Whether `scalar` ends a word: the delimiters, which are also exactly the characters `\` escapes.
    static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "{", "}", "<", ">", "(", ")", ",", "=", ";", "/", "$", ":", "\\": return true
        default: return false
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
            || (0x80...0x9F).contains(scalar.value)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    /// Skips whitespace and comments.
    private mutating func skipTrivia() {
        while let scalar = peek() {
            if Self.isSpace(scalar) {
                if scalar == "\n" { lineHasCode = false }
                sawSpace = true
                position += 1
            } else if scalar == "/", peek(1) == "/" {
                let start = position
                var isASCII = true
                while let next = peek(), next != "\n" {
                    if !next.isASCII { isASCII = false }
                    position += 1
                }
                if isASCII {
                    lineComment(from: start)
                } else {
                    // Characters, not scalars: a combining mark can join a slash or a space.
                    let text = source.text(in: SourceRange(start: start, end: position))
                    comments.append(Comment(text: trimTrailingSpace(text), range: SourceRange(start: start, end: position), isTrailing: lineHasCode))
                    if text.hasPrefix("///"), !text.hasPrefix("////") {
                        var line = String(text.dropFirst(3))
                        if line.hasPrefix(" ") { line.removeFirst() }
                        pendingDoc.append(trimTrailingSpace(line))
                    }
                }
                sawSpace = true
            } else if scalar == "/", peek(1) == "*" {
                let start = position
                position += 2
                var closed = false
                while let next = peek() {
                    if next == "*", peek(1) == "/" {
                        position += 2
                        closed = true
                        break
                    }
                    position += 1
                }
                let range = SourceRange(start: start, end: position)
                if !closed {
                    diagnostics.append(Diagnostic(.error, "unterminated block comment; expected '*/'",
                                                  at: SourceRange(start: start, end: start + 2), in: source))
                }
                comments.append(Comment(text: source.text(in: range), range: range, isTrailing: lineHasCode))
                sawSpace = true
            } else {
                return
            }
        }
    }

    /// Records the ASCII line comment from `start` to `position` (and its doc line for `///`), slicing the
    /// source instead of editing strings.
    private mutating func lineComment(from start: Int) {
        var end = position
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" || scalars[end - 1] == "\r" { end -= 1 }
        comments.append(Comment(text: SourceFile.string(scalars[start..<end]), range: SourceRange(start: start, end: position),
                                isTrailing: lineHasCode))
        let length = position - start
        guard length >= 3, scalars[start + 2] == "/", length == 3 || scalars[start + 3] != "/" else { return }
        var docStart = start + 3
        if docStart < end, scalars[docStart] == " " { docStart += 1 }
        pendingDoc.append(SourceFile.string(scalars[docStart..<max(docStart, end)]))
    }

    private func trimTrailingSpace(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last == " " || last == "\t" || last == "\r" { result.removeLast() }
        return String(result)
    }

    private mutating func emit(_ kind: Token.Kind, _ text: String, from start: Int, escapes: Bool = false) {
        // Most tokens have no doc comment: the pending one is handed over (and reset) only when there is one.
        var doc: [String] = []
        if !pendingDoc.isEmpty { swap(&doc, &pendingDoc) }
        tokens.append(Token(kind: kind, text: text, range: SourceRange(start: start, end: position),
                            precededBySpace: sawSpace || tokens.isEmpty, hasEscapes: escapes, docComment: doc))
        sawSpace = false
        lineHasCode = true
    }

    private mutating func lexToken() {
        let start = position
        guard let scalar = peek() else { return }
        let punctuation: (Token.Kind, String)?
        switch scalar {
        case "{": punctuation = (.leftBrace, "{")
        case "}": punctuation = (.rightBrace, "}")
        case "<": punctuation = (.leftAngle, "<")
        case ">": punctuation = (.rightAngle, ">")
        case "(": punctuation = (.leftParen, "(")
        case ")": punctuation = (.rightParen, ")")
        case ",": punctuation = (.comma, ",")
        case "=": punctuation = (.equals, "=")
        case ";": punctuation = (.semicolon, ";")
        case "/": punctuation = (.slash, "/")
        case "$": punctuation = (.dollar, "$")
        case ":": punctuation = (.colon, ":")
        default: punctuation = nil
        }
        if let (kind, text) = punctuation {
            position += 1
            emit(kind, text, from: start)
            return
        }
        if scalar == "\"" {
            lexString()
            return
        }
        if let problem = invalidCharacter(at: position) {
            position += 1
            // A run of bad bytes is one problem.
            while position < scalars.count, invalidCharacter(at: position) == problem { position += 1 }
            diagnostics.append(Diagnostic(.error, problem, at: SourceRange(start: start, end: position), in: source))
            emit(.invalid, "", from: start)
            return
        }
        lexWord()
    }

    /// A message when the scalar at `offset` cannot appear in a `.http` file outside comments.
    private func invalidCharacter(at offset: Int) -> String? {
        let scalar = scalars[offset]
        if scalar == "\u{FFFD}", source.invalidUTF8Offsets.contains(offset) { return "invalid UTF-8 byte sequence" }
        if Self.isControl(scalar) {
            return "unexpected control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        return nil
    }

    /// The ASCII characters that continue a word (not space, control or delimiter), as bits: values 0–63
    /// and 64–127.
    private static let wordASCIILow: UInt64 = 0x83ff_6cee_0000_0000
    private static let wordASCIIHigh: UInt64 = 0x57ff_ffff_efff_ffff

    /// A word: a slice of the source when it has no escapes.
    private mutating func lexWord() {
        let start = position
        var isASCII = true
        // Fast path: a word without escapes is a slice of the source.
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar.value < 0x80 {
                let bits = scalar.value < 64 ? Self.wordASCIILow : Self.wordASCIIHigh
                guard (bits >> UInt64(scalar.value & 63)) & 1 == 1 else { break }
                position += 1
                continue
            }
            isASCII = false
            if Self.isSpace(scalar) || (scalar == "\u{FFFD}" && source.invalidUTF8Offsets.contains(position)) || Self.isControl(scalar) {
                break
            }
            position += 1
        }
        if position >= scalars.count || scalars[position] != "\\" {
            guard isASCII else {
                emit(.word, SourceFile.string(scalars[start..<position]), from: start)
                return
            }
            let count = position - start
            // Safe: the source buffer is only read, inside the closure, at `start..<position` (within it), and
            // `buffer` has room for `count` bytes.
            let text = scalars.withUnsafeBufferPointer { source in
                String(unsafeUninitializedCapacity: count) { buffer in
                    for offset in 0..<count { buffer[offset] = UInt8(truncatingIfNeeded: source[start + offset].value) }
                    return count
                }
            }
            emit(.word, text, from: start)
            return
        }
        lexEscapedWord(from: start)
    }

    /// A word with `\` escapes from `start` (the slow path of `lexWord`): its text is built scalar by scalar.
    private mutating func lexEscapedWord(from start: Int) {
        position = start
        var text = String.UnicodeScalarView()
        var escapes = false
        while let scalar = peek() {
            if Self.isSpace(scalar) { break }
            if scalar == "\\" {
                if let next = peek(1), Self.escapable.contains(next) {
                    text.append(next)
                    escapes = true
                    position += 2
                    continue
                }
                let end = peek(1).map { Self.isSpace($0) ? position + 1 : position + 2 } ?? position + 1
                diagnostics.append(Diagnostic(.error, "invalid escape; '\\' escapes one of / { } $ < > ( ) , = ; : \\",
                                              at: SourceRange(start: position, end: end), in: source))
                position = end
                escapes = true
                continue
            }
            if Self.isDelimiter(scalar) || (scalar == "/" ) { break }
            if invalidCharacter(at: position) != nil { break }
            text.append(scalar)
            position += 1
        }
        emit(.word, String(text), from: start, escapes: escapes)
    }

    private mutating func lexString() {
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            // The line break ends an unterminated string, `\r\n` included (so its range stays on the line).
            guard let scalar = peek(), scalar != "\n", !(scalar == "\r" && peek(1) == "\n") else {
                diagnostics.append(Diagnostic(.error, "unterminated string literal", at: SourceRange(start: start, end: start + 1), in: source))
                break
            }
            if scalar == "\"" {
                position += 1
                break
            }
            if scalar == "\\" {
                let escaped: Unicode.Scalar?
                switch peek(1) {
                case "\"": escaped = "\""
                case "\\": escaped = "\\"
                case "n": escaped = "\n"
                case "t": escaped = "\t"
                case "r": escaped = "\r"
                default: escaped = nil
                }
                if let escaped {
                    text.append(escaped)
                } else {
                    diagnostics.append(Diagnostic(.error, "invalid escape in string literal; use \\\" \\\\ \\n \\t or \\r",
                                                  at: SourceRange(start: position, end: min(position + 2, scalars.count)), in: source))
                }
                position = min(position + 2, scalars.count)
                continue
            }
            if let problem = invalidCharacter(at: position) {
                diagnostics.append(Diagnostic(.error, problem, at: SourceRange(start: position, end: position + 1), in: source))
            }
            text.append(scalar)
            position += 1
        }
        emit(.string, String(text), from: start)
    }
}

extension String {
    /// Left-pads with zeros to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

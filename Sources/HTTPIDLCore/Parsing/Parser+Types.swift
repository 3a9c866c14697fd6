/// Types, names, wire keys and literals.
extension Parser {
    /// A type: a name, `ARRAY<T>` or `DICT<K, V>`, nested at most `maximumTypeDepth` deep. On an error it
    /// reports, sets `typeFailed` and returns an `.invalid` type.
    mutating func parseType(depth: Int) -> TypeSyntax {
        let token = current
        if depth >= Self.maximumTypeDepth {
            error("type is nested too deeply (more than \(Self.maximumTypeDepth) levels)", at: token.range)
            typeFailed = true
            return TypeSyntax(.invalid, range: token.range)
        }
        guard token.kind == .word, !token.hasEscapes else {
            errorAtCurrent("expected a type, found \(token.displayName)")
            typeFailed = true
            return TypeSyntax(.invalid, range: token.range)
        }
        advance()
        if token.text == "ARRAY" {
            guard expectAngle(.leftAngle, "'<' after 'ARRAY'") else { return TypeSyntax(.invalid, range: token.range) }
            let element = parseType(depth: depth + 1)
            if typeFailed { return TypeSyntax(.invalid, range: token.range) }
            guard expectAngle(.rightAngle, "'>' to close 'ARRAY<'") else { return TypeSyntax(.invalid, range: token.range) }
            return TypeSyntax(.array(element), range: SourceRange(start: token.range.start, end: lastEnd))
        }
        if token.text == "DICT" {
            guard expectAngle(.leftAngle, "'<' after 'DICT'") else { return TypeSyntax(.invalid, range: token.range) }
            let key = parseType(depth: depth + 1)
            if typeFailed { return TypeSyntax(.invalid, range: token.range) }
            guard expectAngle(.comma, "',' between the key and value types of 'DICT'") else { return TypeSyntax(.invalid, range: token.range) }
            let value = parseType(depth: depth + 1)
            if typeFailed { return TypeSyntax(.invalid, range: token.range) }
            guard expectAngle(.rightAngle, "'>' to close 'DICT<'") else { return TypeSyntax(.invalid, range: token.range) }
            return TypeSyntax(.dictionary(key: key, value: value), range: SourceRange(start: token.range.start, end: lastEnd))
        }
        guard Identifier.isValid(token.text) else {
            error("'\(token.text)' is not a valid type name", at: token.range)
            typeFailed = true
            return TypeSyntax(.invalid, range: token.range)
        }
        return TypeSyntax(.named(token.text), range: token.range)
    }

    /// Whether the current token is `kind` (then read); if not, reports "expected `what`" and sets `typeFailed`.
    mutating func expectAngle(_ kind: Token.Kind, _ what: String) -> Bool {
        if current.kind == kind {
            advance()
            return true
        }
        errorAtCurrent("expected \(what), found \(current.displayName)")
        typeFailed = true
        return false
    }

    /// A name (`what` describes it in the report when there is none).
    mutating func parseIdentifier(what: String) -> Identifier? {
        let token = current
        guard token.kind == .word else {
            errorAtCurrent("expected a \(what), found \(token.displayName)")
            return nil
        }
        guard !token.hasEscapes, Identifier.isValid(token.text) else {
            error("'\(token.text)' is not a valid \(what); names use letters, digits and '_' and do not start with a digit", at: token.range)
            advance()
            return nil
        }
        advance()
        return Identifier(token.text, range: token.range)
    }

    /// Whether a token of `kind` is part of an unquoted wire key (a word, `:` or `$`).
    static func continuesKey(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .word, .colon, .dollar: true
        default: false
        }
    }

    /// The wire key after `=` (or a subprotocol after `SUBPROTOCOL`): a quoted string, or words, `:` and `$`
    /// up to the next space.
    mutating func parseKey(after what: String = "'='") -> WireKeySyntax? {
        if current.kind == .string {
            let token = advance()
            return WireKeySyntax(text: token.text, isQuoted: true, range: token.range)
        }
        guard Self.continuesKey(current.kind) else {
            errorAtCurrent("expected a wire key after \(what), found \(current.displayName)")
            return nil
        }
        let start = current.range.start
        var text = advance().text
        while Self.continuesKey(current.kind), !current.precededBySpace {
            text += advance().text
        }
        return WireKeySyntax(text: text, isQuoted: false, range: SourceRange(start: start, end: lastEnd))
    }

    /// A `"string"`, an integer, a floating-point number, `true` or `false`.
    mutating func parseLiteral() -> LiteralSyntax? {
        let token = current
        if token.kind == .string {
            advance()
            return LiteralSyntax(.string(token.text), range: token.range)
        }
        if token.kind == .word, !token.hasEscapes {
            let value: LiteralSyntax.Value?
            switch token.text {
            case "true": value = .bool(true)
            case "false": value = .bool(false)
            default:
                if LiteralSyntax.isInteger(token.text) {
                    value = .integer(token.text)
                } else if LiteralSyntax.isFloat(token.text) {
                    value = .float(token.text)
                } else {
                    value = nil
                }
            }
            if let value {
                advance()
                return LiteralSyntax(value, range: token.range)
            }
        }
        errorAtCurrent("expected a literal (a \"string\", a number, true or false), found \(token.displayName)")
        return nil
    }
}

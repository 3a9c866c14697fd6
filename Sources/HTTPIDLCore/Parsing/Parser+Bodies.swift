/// Bodies `{ … }` of message parts and structs, and their fields.
extension Parser {
    /// `{ entries }`: fields, or a single value `{ TYPE; }`, and a request's `BODY TYPE;`.
    mutating func parseBody() -> BodySyntax? {
        guard current.kind == .leftBrace else {
            errorAtCurrent("expected '{', found \(current.displayName)")
            return nil
        }
        let open = current.range  // a range, not a copy of the token (which retains its text and doc comment)
        advance()
        var fields: [FieldSyntax] = []
        var singles: [(TypeSyntax, [String])] = []
        var bodyValues: [TypeSyntax] = []
        while true {
            if current.kind == .rightBrace {
                advance()
                break
            }
            if current.kind == .endOfFile || isAtTopLevelKeyword || isAtPartStart {
                unclosedBlock("the block", opened: open)
                break
            }
            parseEntry(fields: &fields, singles: &singles, bodyValues: &bodyValues)
        }
        let range = SourceRange(start: open.start, end: lastEnd)
        if let (type, doc) = singles.first {
            if singles.count > 1 || !fields.isEmpty || !bodyValues.isEmpty {
                error("a single-value body '{ TYPE; }' holds exactly one type and no fields", at: singles.count > 1 ? singles[1].0.range : type.range)
            }
            return BodySyntax(content: .single(type, doc: doc), range: range)
        }
        if bodyValues.count > 1 {
            error("a request has one 'BODY TYPE;'", at: bodyValues[1].range)
        }
        var body = BodySyntax(content: .fields(fields), range: range)
        body.bodyValue = bodyValues.first
        return body
    }

    /// One entry of a body: a field, a single value `TYPE;` (into `singles`, with its doc comment) or a
    /// request's `BODY TYPE;` (into `bodyValues`). A malformed entry is reported and skipped.
    mutating func parseEntry(fields: inout [FieldSyntax], singles: inout [(TypeSyntax, [String])],
                             bodyValues: inout [TypeSyntax]) {
        let start = index  // an index, not a copy of the token (which retains its text and doc comment)
        guard let (modifiers, queryStyle) = parseModifiers() else { return }
        typeFailed = false
        let type = parseType(depth: 0)
        if typeFailed {
            recoverToSemicolon()
            return
        }
        if current.kind == .semicolon, modifiers.isEmpty {
            advance()
            singles.append((type, tokens[start].docComment))
            return
        }
        if current.kind == .semicolon, modifiers.map(\.0) == [.body] {
            advance()
            bodyValues.append(type)
            return
        }
        guard var field = parseField(from: start, modifiers: modifiers, type: type) else { return }
        field.queryStyle = queryStyle
        expectSemicolon(after: "field '\(field.name.text)'")
        fields.append(consume field)
    }

    /// The modifiers before a type (`REQUIRED`, `QUERY(form)`, …) and the query style, if one is given; nil
    /// (after skipping past the next `;`) when a query style is malformed.
    mutating func parseModifiers() -> ([(FieldSyntax.Modifier, SourceRange)], (QueryStyle, SourceRange)?)? {
        var modifiers: [(FieldSyntax.Modifier, SourceRange)] = []
        var queryStyle: (QueryStyle, SourceRange)?
        while current.kind == .word, !current.hasEscapes, let modifier = FieldSyntax.Modifier(rawValue: current.text) {
            if modifiers.contains(where: { $0.0 == modifier }) {
                errorAtCurrent("duplicate modifier '\(modifier.rawValue)'")
            }
            modifiers.append((modifier, current.range))
            advance()
            if modifier == .query, current.kind == .leftParen, !current.precededBySpace {
                advance()
                let styleToken = current
                guard styleToken.kind == .word, let style = QueryStyle(rawValue: styleToken.text) else {
                    let names = QueryStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    errorAtCurrent("expected a query style (\(names)), found \(current.displayName)")
                    recoverToSemicolon()
                    return nil
                }
                advance()
                guard current.kind == .rightParen else {
                    errorAtCurrent("expected ')' after the query style, found \(current.displayName)")
                    recoverToSemicolon()
                    return nil
                }
                advance()
                queryStyle = (style, styleToken.range)
            }
        }
        return (modifiers, queryStyle)
    }

    /// The rest of a field after its type: `name`, then `= key` and `DEFAULT literal` if present (the `;` is
    /// left to the caller). Nil, after skipping past the next `;`, when it is malformed.
    mutating func parseField(from start: Int, modifiers: [(FieldSyntax.Modifier, SourceRange)], type: TypeSyntax) -> FieldSyntax? {
        guard let name = parseIdentifier(what: "field name") else {
            recoverToSemicolon()
            return nil
        }
        var key: WireKeySyntax?
        if current.kind == .equals {
            advance()
            key = parseKey()
            if key == nil {
                recoverToSemicolon()
                return nil
            }
        }
        var defaultValue: LiteralSyntax?
        if current.isKeyword("DEFAULT") {
            advance()
            guard let literal = parseLiteral() else {
                recoverToSemicolon()
                return nil
            }
            defaultValue = literal
        }
        if current.kind != .semicolon, current.precededBySpace, current.kind == .word || current.kind == .string,
           !current.isKeyword("DEFAULT"), key != nil {
            errorAtCurrent("a space ends the wire key; unexpected \(current.displayName) (quote the key to include spaces)")
            recoverToSemicolon()
            return nil
        }
        return FieldSyntax(doc: tokens[start].docComment, modifiers: modifiers, type: type, name: name, key: key,
                           defaultValue: defaultValue, range: SourceRange(start: tokens[start].range.start, end: lastEnd))
    }
}

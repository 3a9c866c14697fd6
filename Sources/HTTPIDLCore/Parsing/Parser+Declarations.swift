/// The top-level declarations: `MESSAGE` (with its parts), `STRUCT`, `UNION`, `EXTERN` and `ENUM` (`WEBSOCKET`
/// is in `Parser+WebSocket`).
extension Parser {
    /// The declarations of the whole file.
    mutating func parseFile() -> [DeclarationSyntax] {
        var declarations: [DeclarationSyntax] = []
        while current.kind != .endOfFile {
            switch DeclarationKeyword(current) {
            case .message: if let message = parseMessage() { declarations.append(.message(message)) }
            case .structure: if let structure = parseStruct() { declarations.append(.structure(structure)) }
            case .enumeration: if let enumeration = parseEnum() { declarations.append(.enumeration(enumeration)) }
            case .external: if let external = parseExtern() { declarations.append(.external(external)) }
            case .union: if let union = parseUnion() { declarations.append(.union(union)) }
            case .webSocket: if let webSocket = parseWebSocket() { declarations.append(.webSocket(webSocket)) }
            case nil:
                if current.kind == .word, DeclarationKeyword(anyCase: current.text) != nil {
                    errorAtCurrent("keywords are upper-case: write '\(current.text.uppercased())'")
                } else {
                    errorAtCurrent("expected 'MESSAGE', 'STRUCT', 'ENUM', 'EXTERN', 'UNION' or 'WEBSOCKET', found \(current.displayName)")
                }
                advance()
                skipToTopLevel()
            }
        }
        return declarations
    }

    /// `MESSAGE(Name) /uri { parts }` (the name is optional); nil when it cannot be read past its URI.
    mutating func parseMessage() -> MessageSyntax? {
        let errorsBefore = diagnostics.count
        // Token indices and ranges rather than copies of tokens (each copy retains and releases its text and
        // doc comment).
        let keyword = index
        advance()
        let name = parseStemName(what: "message name")
        let uri = parseURI()
        guard expectBlock(after: " after the URI") else { return nil }
        let parts = parseBlockEntries("the MESSAGE block") { $0.parsePart() }
        return MessageSyntax(doc: tokens[keyword].docComment, name: name, uri: uri, parts: parts,
                             range: SourceRange(start: tokens[keyword].range.start, end: lastEnd), isIncomplete: diagnostics.count > errorsBefore)
    }

    /// The optional `(Name)` after `MESSAGE` or `WEBSOCKET`, the stem of the generated type names.
    mutating func parseStemName(what: String) -> Identifier? {
        guard current.kind == .leftParen else { return nil }
        let open = current.range
        advance()
        let name = parseIdentifier(what: what)
        if current.kind == .rightParen {
            advance()
        } else {
            error("expected ')' after the \(what)", at: current.range, notes: [.init(range: open, message: "to match this '('")])
            while current.kind != .rightParen, current.kind != .slash, current.kind != .leftBrace,
                  current.kind != .endOfFile, !isAtTopLevelKeyword { advance() }
            if current.kind == .rightParen { advance() }
        }
        return name
    }

    /// The name after a declaration keyword; nil (after skipping to the next declaration) when there is none.
    mutating func parseDeclarationName(what: String) -> Identifier? {
        guard let name = parseIdentifier(what: what) else {
            skipToTopLevel()
            return nil
        }
        return name
    }

    /// The entries of the block that opens at the current `{`, up to its `}` (an unclosed one, ended by the end of
    /// the file or a declaration keyword, is reported as `what`); `entry` reads one, nil after skipping it.
    mutating func parseBlockEntries<Entry>(_ what: String, _ entry: (inout Parser) -> Entry?) -> [Entry] {
        let open = current.range
        advance()
        var entries: [Entry] = []
        while true {
            if current.kind == .rightBrace {
                advance()
                return entries
            }
            if current.kind == .endOfFile || isAtTopLevelKeyword {
                unclosedBlock(what, opened: open)
                return entries
            }
            if let parsed = entry(&self) { entries.append(parsed) }
        }
    }

    /// Whether a `{` follows; if not, reports "expected '{'`context`, found …" and skips to the next declaration.
    mutating func expectBlock(after context: String = "") -> Bool {
        guard current.kind == .leftBrace else {
            errorAtCurrent("expected '{'\(context), found \(current.displayName)")
            skipToTopLevel()
            return false
        }
        return true
    }

    /// `METHOD ROLE [encoding] [EVENTS] { body }`; nil (after skipping the part) when it is malformed.
    mutating func parsePart() -> MessagePartSyntax? {
        let first = current
        guard first.kind == .word, let method = MethodKeyword(rawValue: first.text) else {
            if first.kind == .word, MethodKeyword(rawValue: first.text.uppercased()) != nil {
                errorAtCurrent("HTTP methods are upper-case: write '\(first.text.uppercased())'")
            } else {
                errorAtCurrent("expected an HTTP method (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, TRACE or CONNECT), found \(first.displayName)")
            }
            skipPart()
            return nil
        }
        advance()
        guard current.kind == .word, let role = PartRole(rawValue: current.text) else {
            errorAtCurrent("expected 'REQUEST', 'RESPONSE' or 'ERROR' after '\(method.rawValue)', found \(current.displayName)")
            skipPart()
            return nil
        }
        advance()
        let status = role == .error ? parseErrorStatus() : nil
        var encoding: BodyEncoding?
        var encodingRange: SourceRange?
        if current.kind == .word, let value = BodyEncoding(rawValue: current.text) {
            if role != .request {
                errorAtCurrent("only a REQUEST has a body encoding; remove '\(value.rawValue)'")
            } else {
                encoding = value
                encodingRange = current.range
            }
            advance()
        }
        var eventsRange: SourceRange?
        if current.kind == .word, current.text == MessagePartSyntax.eventsKeyword {
            if role != .response {
                errorAtCurrent("only a RESPONSE can be an event stream; remove 'EVENTS'")
            } else {
                eventsRange = current.range
            }
            advance()
        }
        guard let body = parseBody() else {
            skipPart()
            return nil
        }
        var part = MessagePartSyntax(doc: first.docComment, method: method, methodRange: first.range, role: role,
                                     encoding: encoding, encodingRange: encodingRange, body: body,
                                     range: SourceRange(start: first.range.start, end: lastEnd))
        part.eventsRange = eventsRange
        part.status = status
        return part
    }

    /// The status after `ERROR`, when a number follows (`GET ERROR 404 { … }`); reports one outside 400–599.
    mutating func parseErrorStatus() -> (code: Int, range: SourceRange)? {
        guard current.kind == .word, let first = current.text.unicodeScalars.first, ("0"..."9").contains(first) else { return nil }
        defer { advance() }
        guard current.text.count == 3, let code = Int(current.text), (400...599).contains(code) else {
            errorAtCurrent("an ERROR status is a failing status code, 400 to 599; found '\(current.text)'")
            return nil
        }
        return (code, current.range)
    }

    /// Skips to the next part, the end of the message, or the next declaration.
    mutating func skipPart() {
        var depth = 0
        while current.kind != .endOfFile, !isAtTopLevelKeyword {
            if depth == 0, isAtPartStart { return }
            if current.kind == .leftBrace { depth += 1 }
            if current.kind == .rightBrace {
                if depth == 0 { return }
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// `STRUCT Name { fields }`.
    mutating func parseStruct() -> StructSyntax? {
        let keyword = advance()
        guard let name = parseDeclarationName(what: "struct name") else { return nil }
        guard let body = parseBody() else {
            skipToTopLevel()
            return nil
        }
        return StructSyntax(doc: keyword.docComment, name: name, body: body, range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    /// `UNION Name { TYPE; … }`.
    mutating func parseUnion() -> UnionSyntax? {
        let keyword = advance()
        guard let name = parseDeclarationName(what: "union name") else { return nil }
        var discriminator: WireKeySyntax?
        if current.kind == .equals {
            advance()
            discriminator = parseKey()
        }
        guard expectBlock() else { return nil }
        let open = advance()
        var members: [TypeSyntax] = []
        var tags: [WireKeySyntax?] = []
        while current.kind != .rightBrace {
            if current.kind == .endOfFile || isAtTopLevelKeyword {
                unclosedBlock("the block", opened: open.range)
                return nil
            }
            typeFailed = false
            let type = parseType(depth: 0)
            if typeFailed {
                recoverToSemicolon()
                continue
            }
            var tag: WireKeySyntax?
            if current.kind == .equals {
                advance()
                tag = parseKey()
            }
            if expectSemicolon(after: "member type '\(type.canonical)'") {
                members.append(type)
                tags.append(tag)
            }
        }
        advance()
        return UnionSyntax(doc: keyword.docComment, name: name, members: members, discriminator: discriminator, tags: tags,
                           range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    /// `EXTERN Name;`.
    mutating func parseExtern() -> ExternSyntax? {
        let keyword = advance()
        guard let name = parseDeclarationName(what: "type name") else { return nil }
        expectSemicolon(after: "'EXTERN \(name.text)'")
        return ExternSyntax(doc: keyword.docComment, name: name, range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    /// `ENUM Name : RAWTYPE { CASE = literal; … }`.
    mutating func parseEnum() -> EnumSyntax? {
        let keyword = advance()
        guard let name = parseDeclarationName(what: "enum name") else { return nil }
        guard current.kind == .colon else {
            errorAtCurrent("expected ':' and a raw type (STRING or an integer type) after the enum name, found \(current.displayName)")
            skipToTopLevel()
            return nil
        }
        advance()
        typeFailed = false
        let rawType = parseType(depth: 0)
        if typeFailed {
            skipToTopLevel()
            return nil
        }
        guard expectBlock(after: " after the enum's raw type") else { return nil }
        let cases = parseBlockEntries("the ENUM block") { $0.parseEnumCase() }
        return EnumSyntax(doc: keyword.docComment, name: name, rawType: rawType, cases: cases,
                          range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    /// `NAME = literal;`; nil (after skipping past the next `;`) when it is malformed.
    mutating func parseEnumCase() -> EnumSyntax.Case? {
        let start = current
        guard let caseName = parseIdentifier(what: "enum case name") else {
            recoverToSemicolon()
            return nil
        }
        guard current.kind == .equals else {
            errorAtCurrent("expected '=' and a raw value after case '\(caseName.text)', found \(current.displayName)")
            recoverToSemicolon()
            return nil
        }
        advance()
        guard let value = parseLiteral() else {
            recoverToSemicolon()
            return nil
        }
        expectSemicolon(after: "case '\(caseName.text)'")
        return EnumSyntax.Case(doc: start.docComment, name: caseName, value: value, range: SourceRange(start: start.range.start, end: lastEnd))
    }
}

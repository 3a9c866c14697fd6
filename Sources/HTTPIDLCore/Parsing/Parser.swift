/// Parses tokens into a `FileSyntax`, recovering from errors so one run reports every problem.
///
/// Recovery points: a field ends at `;`, a body at `}`, a message part at the next method keyword, a
/// declaration at the next `MESSAGE`, `STRUCT`, `ENUM` or `EXTERN`. Type nesting is limited to
/// `maximumTypeDepth` levels, so no input can exhaust the stack.
public struct Parser {
    /// The deepest `ARRAY<…>` / `DICT<…>` nesting accepted.
    public static let maximumTypeDepth = 64
    /// Top-level keywords; seeing one inside a block means the block was never closed.
    static let topLevelKeywords: Set<String> = ["MESSAGE", "STRUCT", "ENUM", "EXTERN", "UNION"]
    /// `topLevelKeywords`, for the question asked before nearly every token.
    static let topLevelKeywordSet: WordSet = ["MESSAGE", "STRUCT", "ENUM", "EXTERN", "UNION"]

    private let source: SourceFile
    private let tokens: [Token]
    private var index = 0
    private var lastEnd = 0
    private var typeFailed = false
    /// Errors found while parsing.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Lexes and parses a file; returns the syntax tree and every lexical and syntax diagnostic.
    public static func parse(_ source: SourceFile) -> (FileSyntax, [Diagnostic]) {
        let lexer = Lexer(source: source)
        var parser = Parser(source: source, tokens: lexer.tokens)
        let declarations = parser.parseFile()
        let file = FileSyntax(source: source, declarations: declarations, comments: lexer.comments,
                              isBlank: lexer.tokens.count == 1)
        // The lexer's diagnostics, then the parser's, in the order of their positions.
        return (file, (lexer.diagnostics + parser.diagnostics).sorted { $0.range.start < $1.range.start })
    }

    private init(source: SourceFile, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    // MARK: - Token access

    private var current: Token { tokens[index] }

    private func peek(_ offset: Int) -> Token {
        tokens[min(index + offset, tokens.count - 1)]
    }

    @discardableResult
    private mutating func advance() -> Token {
        let token = tokens[index]
        if token.kind != .endOfFile {
            index += 1
            lastEnd = token.range.end
        }
        return token
    }

    private var isAtTopLevelKeyword: Bool { Self.isTopLevelKeyword(current) }

    /// Whether `token` is `MESSAGE`, `STRUCT`, `ENUM`, `EXTERN` or `UNION`.
    static func isTopLevelKeyword(_ token: Token) -> Bool {
        // Asked before nearly every token: a word set answers without hashing.
        guard token.kind == .word, !token.hasEscapes else { return false }
        return topLevelKeywordSet.contains(token.text)
    }

    private var isAtPartStart: Bool {
        guard current.kind == .word, MethodKeyword(rawValue: current.text) != nil else { return false }
        let next = peek(1)
        return next.kind == .word && PartRole(rawValue: next.text) != nil
    }

    private mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(.error, message, at: range, in: source, notes: notes))
    }

    private mutating func errorAtCurrent(_ message: String) {
        if current.kind == .invalid { return }  // the lexer already reported it
        error(message, at: current.range)
    }

    /// The empty range right after the previous token (where a missing `;` belongs).
    private var afterPrevious: SourceRange { SourceRange(start: lastEnd, end: lastEnd) }

    private func position(_ range: SourceRange) -> String { source.location(of: range.start).description }

    // MARK: - File

    /// The declarations of the whole file.
    private mutating func parseFile() -> [DeclarationSyntax] {
        var declarations: [DeclarationSyntax] = []
        while current.kind != .endOfFile {
            if current.isKeyword("MESSAGE") {
                if let message = parseMessage() { declarations.append(.message(message)) }
            } else if current.isKeyword("STRUCT") {
                if let structure = parseStruct() { declarations.append(.structure(structure)) }
            } else if current.isKeyword("ENUM") {
                if let enumeration = parseEnum() { declarations.append(.enumeration(enumeration)) }
            } else if current.isKeyword("EXTERN") {
                if let external = parseExtern() { declarations.append(.external(external)) }
            } else if current.isKeyword("UNION") {
                if let union = parseUnion() { declarations.append(.union(union)) }
            } else {
                if current.kind == .word, Self.topLevelKeywords.contains(current.text.uppercased()) {
                    errorAtCurrent("keywords are upper-case: write '\(current.text.uppercased())'")
                } else {
                    errorAtCurrent("expected 'MESSAGE', 'STRUCT', 'ENUM', 'EXTERN' or 'UNION', found \(current.displayName)")
                }
                advance()
                while current.kind != .endOfFile, !isAtTopLevelKeyword { advance() }
            }
        }
        return declarations
    }

    // MARK: - Declarations

    private mutating func parseMessage() -> MessageSyntax? {
        let errorsBefore = diagnostics.count
        // Token indices and ranges rather than copies of tokens (each copy retains and releases its text and
        // doc comment).
        let keyword = index
        advance()
        var name: Identifier?
        if current.kind == .leftParen {
            let open = current.range
            advance()
            name = parseIdentifier(what: "message name")
            if current.kind == .rightParen {
                advance()
            } else {
                error("expected ')' after the message name", at: current.range,
                      notes: [.init(range: open, message: "to match this '('")])
                while current.kind != .rightParen, current.kind != .slash, current.kind != .leftBrace,
                      current.kind != .endOfFile, !isAtTopLevelKeyword { advance() }
                if current.kind == .rightParen { advance() }
            }
        }
        let uri = parseURI()
        guard current.kind == .leftBrace else {
            errorAtCurrent("expected '{' after the URI, found \(current.displayName)")
            skipToTopLevel()
            return nil
        }
        let open = current.range
        advance()
        var parts: [MessagePartSyntax] = []
        while true {
            if current.kind == .rightBrace {
                advance()
                break
            }
            if current.kind == .endOfFile || isAtTopLevelKeyword {
                error("expected '}' to close the MESSAGE block opened at \(position(open))",
                      at: current.kind == .endOfFile ? current.range : afterPrevious,
                      notes: [.init(range: open, message: "block opened here")])
                break
            }
            if let part = parsePart() { parts.append(part) }
        }
        return MessageSyntax(doc: tokens[keyword].docComment, name: name, uri: uri, parts: parts,
                             range: SourceRange(start: tokens[keyword].range.start, end: lastEnd), isIncomplete: diagnostics.count > errorsBefore)
    }

    private mutating func skipToTopLevel() {
        while current.kind != .endOfFile, !isAtTopLevelKeyword { advance() }
    }

    private mutating func parsePart() -> MessagePartSyntax? {
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
        return part
    }

    /// Skips to the next part, the end of the message, or the next declaration.
    private mutating func skipPart() {
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

    private mutating func parseStruct() -> StructSyntax? {
        let keyword = advance()
        guard let name = parseIdentifier(what: "struct name") else {
            skipToTopLevel()
            return nil
        }
        guard let body = parseBody() else {
            skipToTopLevel()
            return nil
        }
        return StructSyntax(doc: keyword.docComment, name: name, body: body, range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    private mutating func parseUnion() -> UnionSyntax? {
        let keyword = advance()
        guard let name = parseIdentifier(what: "union name") else {
            skipToTopLevel()
            return nil
        }
        guard current.kind == .leftBrace else {
            errorAtCurrent("expected '{', found \(current.displayName)")
            skipToTopLevel()
            return nil
        }
        let open = advance()
        var members: [TypeSyntax] = []
        while current.kind != .rightBrace {
            if current.kind == .endOfFile || isAtTopLevelKeyword {
                error("expected '}' to close the block opened at \(position(open.range))",
                      at: current.kind == .endOfFile ? current.range : afterPrevious,
                      notes: [.init(range: open.range, message: "block opened here")])
                return nil
            }
            typeFailed = false
            let type = parseType(depth: 0)
            if typeFailed {
                recoverToSemicolon()
                continue
            }
            if expectSemicolon(after: "member type '\(type.canonical)'") { members.append(type) }
        }
        advance()
        return UnionSyntax(doc: keyword.docComment, name: name, members: members, range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    private mutating func parseExtern() -> ExternSyntax? {
        let keyword = advance()
        guard let name = parseIdentifier(what: "type name") else {
            skipToTopLevel()
            return nil
        }
        expectSemicolon(after: "'EXTERN \(name.text)'")
        return ExternSyntax(doc: keyword.docComment, name: name, range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    private mutating func parseEnum() -> EnumSyntax? {
        let keyword = advance()
        guard let name = parseIdentifier(what: "enum name") else {
            skipToTopLevel()
            return nil
        }
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
        guard current.kind == .leftBrace else {
            errorAtCurrent("expected '{' after the enum's raw type, found \(current.displayName)")
            skipToTopLevel()
            return nil
        }
        let open = advance()
        var cases: [EnumSyntax.Case] = []
        while true {
            if current.kind == .rightBrace {
                advance()
                break
            }
            if current.kind == .endOfFile || isAtTopLevelKeyword {
                error("expected '}' to close the ENUM block opened at \(position(open.range))",
                      at: current.kind == .endOfFile ? current.range : afterPrevious,
                      notes: [.init(range: open.range, message: "block opened here")])
                break
            }
            let start = current
            guard let caseName = parseIdentifier(what: "enum case name") else {
                recoverToSemicolon()
                continue
            }
            guard current.kind == .equals else {
                errorAtCurrent("expected '=' and a raw value after case '\(caseName.text)', found \(current.displayName)")
                recoverToSemicolon()
                continue
            }
            advance()
            guard let value = parseLiteral() else {
                recoverToSemicolon()
                continue
            }
            expectSemicolon(after: "case '\(caseName.text)'")
            cases.append(.init(doc: start.docComment, name: caseName, value: value, range: SourceRange(start: start.range.start, end: lastEnd)))
        }
        return EnumSyntax(doc: keyword.docComment, name: name, rawType: rawType, cases: cases,
                          range: SourceRange(start: keyword.range.start, end: lastEnd))
    }

    // MARK: - Bodies and fields

    private mutating func parseBody() -> BodySyntax? {
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
                error("expected '}' to close the block opened at \(position(open))",
                      at: current.kind == .endOfFile ? current.range : afterPrevious,
                      notes: [.init(range: open, message: "block opened here")])
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

    private mutating func parseEntry(fields: inout [FieldSyntax], singles: inout [(TypeSyntax, [String])],
                                     bodyValues: inout [TypeSyntax]) {
        let start = index  // an index, not a copy of the token (which retains its text and doc comment)
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
                    return
                }
                advance()
                guard current.kind == .rightParen else {
                    errorAtCurrent("expected ')' after the query style, found \(current.displayName)")
                    recoverToSemicolon()
                    return
                }
                advance()
                queryStyle = (style, styleToken.range)
            }
        }
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
        guard let name = parseIdentifier(what: "field name") else {
            recoverToSemicolon()
            return
        }
        var key: WireKeySyntax?
        if current.kind == .equals {
            advance()
            key = parseKey()
            if key == nil {
                recoverToSemicolon()
                return
            }
        }
        var defaultValue: LiteralSyntax?
        if current.isKeyword("DEFAULT") {
            advance()
            guard let literal = parseLiteral() else {
                recoverToSemicolon()
                return
            }
            defaultValue = literal
        }
        if current.kind != .semicolon, current.precededBySpace, current.kind == .word || current.kind == .string,
           !current.isKeyword("DEFAULT"), key != nil {
            errorAtCurrent("a space ends the wire key; unexpected \(current.displayName) (quote the key to include spaces)")
            recoverToSemicolon()
            return
        }
        var field = FieldSyntax(doc: tokens[start].docComment, modifiers: modifiers, type: type, name: name, key: key,
                                defaultValue: defaultValue, range: SourceRange(start: tokens[start].range.start, end: lastEnd))
        field.queryStyle = queryStyle
        expectSemicolon(after: "field '\(name.text)'")
        fields.append(consume field)
    }

    /// Reports a missing `;` right after the previous token; skips stray tokens on the same line. `what` is
    /// only built for the report (it is asked for after every field).
    @discardableResult
    private mutating func expectSemicolon(after what: @autoclosure () -> String) -> Bool {
        if current.kind == .semicolon {
            advance()
            return true
        }
        if current.kind != .invalid {
            error("expected ';' after \(what())", at: afterPrevious)
        }
        let line = source.location(of: lastEnd).line
        if current.kind != .rightBrace, current.kind != .endOfFile, source.location(of: current.range.start).line == line {
            recoverToSemicolon()
        }
        return false
    }

    /// Skips to just after the next `;`, or to a `}` / declaration keyword / end of file.
    private mutating func recoverToSemicolon() {
        while current.kind != .endOfFile, current.kind != .rightBrace, !isAtTopLevelKeyword, !isAtPartStart {
            if advance().kind == .semicolon { return }
        }
    }

    private mutating func parseType(depth: Int) -> TypeSyntax {
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
        guard Naming.isIdentifier(token.text) else {
            error("'\(token.text)' is not a valid type name", at: token.range)
            typeFailed = true
            return TypeSyntax(.invalid, range: token.range)
        }
        return TypeSyntax(.named(token.text), range: token.range)
    }

    private mutating func expectAngle(_ kind: Token.Kind, _ what: String) -> Bool {
        if current.kind == kind {
            advance()
            return true
        }
        errorAtCurrent("expected \(what), found \(current.displayName)")
        typeFailed = true
        return false
    }

    private mutating func parseIdentifier(what: String) -> Identifier? {
        let token = current
        guard token.kind == .word else {
            errorAtCurrent("expected a \(what), found \(token.displayName)")
            return nil
        }
        guard !token.hasEscapes, Naming.isIdentifier(token.text) else {
            error("'\(token.text)' is not a valid \(what); names use letters, digits and '_' and do not start with a digit", at: token.range)
            advance()
            return nil
        }
        advance()
        return Identifier(token.text, range: token.range)
    }

    /// Whether a token of `kind` is part of an unquoted wire key (a word, `:` or `$`).
    private static func continuesKey(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .word, .colon, .dollar: true
        default: false
        }
    }

    private mutating func parseKey() -> WireKeySyntax? {
        if current.kind == .string {
            let token = advance()
            return WireKeySyntax(text: token.text, isQuoted: true, range: token.range)
        }
        guard Self.continuesKey(current.kind) else {
            errorAtCurrent("expected a wire key after '=', found \(current.displayName)")
            return nil
        }
        let start = current.range.start
        var text = advance().text
        while Self.continuesKey(current.kind), !current.precededBySpace {
            text += advance().text
        }
        return WireKeySyntax(text: text, isQuoted: false, range: SourceRange(start: start, end: lastEnd))
    }

    private mutating func parseLiteral() -> LiteralSyntax? {
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
                if Naming.isIntegerLiteral(token.text) {
                    value = .integer(token.text)
                } else if Naming.isFloatLiteral(token.text) {
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

    // MARK: - URI

    private mutating func parseURI() -> URISyntax {
        guard current.kind == .slash else {
            errorAtCurrent("expected a URI starting with '/', found \(current.displayName)")
            return URISyntax(segments: [], range: SourceRange(start: current.range.start, end: current.range.start))
        }
        let start = current.range.start
        var segments: [URISyntax.Segment] = []
        while current.kind == .slash, segments.isEmpty || !current.precededBySpace {
            advance()
            var pieces: [URISyntax.Piece] = []
            while !current.precededBySpace {
                switch current.kind {
                case .word, .colon:
                    let token = advance()
                    if case .text(let previous, let range)? = pieces.last {
                        pieces[pieces.count - 1] = .text(previous + token.text, range.union(token.range))
                    } else {
                        pieces.append(.text(token.text, token.range))
                    }
                    continue
                case .dollar:
                    if let piece = parseParameter(pieces: &pieces) { pieces.append(piece) }
                    continue
                case .leftBrace where peek(1).kind == .word && !peek(1).precededBySpace
                    && peek(2).kind == .rightBrace && !peek(2).precededBySpace:
                    // `/users/{id}` (OpenAPI style): explain, then read it as the parameter it means.
                    let open = advance()
                    let name = advance()
                    advance()
                    error("'{\(name.text)}' is not a path parameter in HTTPIDL; write '${\(name.text)}' or '$\(name.text)'",
                          at: SourceRange(start: open.range.start, end: lastEnd))
                    pieces.append(.parameter(Identifier(name.text, range: name.range), braced: true))
                    continue
                default:
                    break
                }
                break
            }
            segments.append(URISyntax.Segment(pieces: pieces))
        }
        let range = SourceRange(start: start, end: lastEnd)
        if current.kind != .leftBrace, current.kind != .endOfFile, current.kind != .invalid {
            if !current.precededBySpace {
                errorAtCurrent("unexpected \(current.displayName) in the URI; escape it with '\\'")
            } else if source.location(of: current.range.start).line == source.location(of: lastEnd).line {
                errorAtCurrent("a space ends the URI; unexpected \(current.displayName) (spaces cannot appear in a URI)")
            } else if !isAtTopLevelKeyword {
                // On a later line: whatever stands before the `{` would otherwise vanish without a word
                // (a top-level keyword is reported by the caller).
                errorAtCurrent("expected '{' after the URI, found \(current.displayName)")
            }
            while current.kind != .leftBrace, current.kind != .endOfFile, !isAtTopLevelKeyword { advance() }
        }
        return URISyntax(segments: segments, range: range)
    }

    private mutating func parseParameter(pieces: inout [URISyntax.Piece]) -> URISyntax.Piece? {
        let dollar = advance()
        if current.kind == .leftBrace, !current.precededBySpace {
            advance()
            guard current.kind == .word, !current.precededBySpace, !current.hasEscapes, Naming.isIdentifier(current.text) else {
                errorAtCurrent("expected a parameter name inside '${…}', found \(current.displayName)")
                while current.kind != .rightBrace, current.kind != .leftBrace, current.kind != .endOfFile, !current.precededBySpace { advance() }
                if current.kind == .rightBrace, !current.precededBySpace { advance() }
                return nil
            }
            let name = advance()
            guard current.kind == .rightBrace, !current.precededBySpace else {
                errorAtCurrent("expected '}' to close '${\(name.text)'")
                return .parameter(Identifier(name.text, range: name.range), braced: true)
            }
            advance()
            return .parameter(Identifier(name.text, range: name.range), braced: true)
        }
        guard current.kind == .word, !current.precededBySpace else {
            error("expected a parameter name after '$'", at: dollar.range)
            return nil
        }
        let word = advance()
        if !word.hasEscapes, Naming.isIdentifier(word.text) {
            return .parameter(Identifier(word.text, range: word.range), braced: false)
        }
        let prefix = String(word.text.unicodeScalars.prefix { Naming.isIdentifierScalar($0) }.map(Character.init))
        if !prefix.isEmpty, Naming.isIdentifier(prefix) {
            let rest = String(word.text.dropFirst(prefix.count))
            error("'$\(word.text)' is not a valid parameter name; write '${\(prefix)}\(rest)' for a parameter followed by text",
                  at: SourceRange(start: dollar.range.start, end: word.range.end))
        } else {
            error("'\(word.text)' is not a valid parameter name", at: word.range)
        }
        return nil
    }
}

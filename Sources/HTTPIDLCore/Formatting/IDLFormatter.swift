/// Prints a parsed `.http` file in canonical layout: upper-case keywords, four-space indentation, one
/// declaration per block separated by a blank line, one field per line, `{}` for empty bodies and
/// `{ TYPE; }` for single-value bodies. Every comment is kept (trailing comments stay on their line).
/// Formatting is idempotent: formatting the output again gives the same text, so a CI step can check that
/// files are formatted by comparing them with the formatter's output. The OpenAPI importer writes its `.http`
/// in this layout too, so imported and hand-written files look alike.
public struct IDLFormatter {
    private var lines: [String] = []
    private var comments: [Comment]
    private let source: SourceFile
    private var nextComment = 0
    private var depth = 0

    /// Formats a source file; returns `nil` text (and the diagnostics) when the file has syntax errors, rather
    /// than guessing a layout for text it could not parse. Only syntax is checked: a file with unknown types
    /// or other semantic errors still formats.
    /// - Returns: The formatted text (ending in a newline, or empty for a file with no declarations or
    ///   comments) and the parser's diagnostics, which may hold warnings even when `text` is present.
    public static func format(_ source: SourceFile) -> (text: String?, diagnostics: [Diagnostic]) {
        let (syntax, diagnostics) = Parser.parse(source)
        guard !diagnostics.containsErrors else { return (nil, diagnostics) }
        return (format(syntax), diagnostics)
    }

    /// Formats a syntax tree that parsed without errors.
    package static func format(_ file: FileSyntax) -> String {
        var formatter = IDLFormatter(comments: file.comments, source: file.source)
        for (index, declaration) in file.declarations.enumerated() {
            if index > 0 { formatter.lines.append("") }
            formatter.declaration(declaration)
        }
        formatter.flushComments(before: Int.max)
        while formatter.lines.last == "" { formatter.lines.removeLast() }
        return formatter.lines.isEmpty ? "" : formatter.lines.joined(separator: "\n") + "\n"
    }

    private init(comments: [Comment], source: SourceFile) {
        self.comments = comments
        self.source = source
    }

    /// Whether the source line before the one holding `offset` is blank (such a blank line is kept).
    private func followsBlankLine(_ offset: Int) -> Bool {
        let line = source.location(of: offset).line
        return line > 1 && source.lineText(line - 1).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    private mutating func flushComments(before offset: Int) {
        while nextComment < comments.count, comments[nextComment].range.start < offset {
            let comment = comments[nextComment]
            nextComment += 1
            if comment.isTrailing, let last = lines.last, !last.isEmpty {
                lines[lines.count - 1] = last + " " + comment.text
            } else {
                if let last = lines.last, !last.isEmpty, !last.hasSuffix("{"), followsBlankLine(comment.range.start) {
                    lines.append("")
                }
                lines.append(String(repeating: "    ", count: depth) + comment.text)
            }
        }
    }

    /// Comments between a field's first token and its end go on their own lines before the field. A `///`
    /// there documents nothing (a field's documentation comes before its first token), so it is written as
    /// `//`: left as `///` before the field it would start documenting it.
    private mutating func flushComments(inside range: SourceRange) {
        while nextComment < comments.count, comments[nextComment].range.start < range.end {
            var text = comments[nextComment].text
            nextComment += 1
            if text.hasPrefix("///"), !text.hasPrefix("////") { text.removeFirst() }
            lines.append(String(repeating: "    ", count: depth) + text)
        }
    }

    private func hasComments(in range: SourceRange) -> Bool {
        nextComment < comments.count && comments[nextComment].range.start < range.end
            && comments[nextComment].range.start >= range.start
    }

    private mutating func emit(_ text: String, at offset: Int) {
        flushComments(before: offset)
        if depth == 0, let last = lines.last, !last.isEmpty, followsBlankLine(offset) { lines.append("") }
        lines.append(String(repeating: "    ", count: depth) + text)
    }

    private mutating func declaration(_ declaration: DeclarationSyntax) {
        switch declaration {
        case .message(let message):
            let name = message.name.map { "(\($0.text))" } ?? ""
            emit("MESSAGE\(name) \(message.uri.canonical) {", at: message.range.start)
            depth += 1
            for part in message.parts {
                let encoding = part.status.map { " \($0.code)" } ?? part.encoding.map { " \($0.rawValue)" }
                    ?? (part.isEventStream ? " \(MessagePartSyntax.eventsKeyword)" : "")
                body(part.body, header: "\(part.method.rawValue) \(part.role.rawValue)\(encoding)", at: part.range.start)
            }
            flushComments(before: message.range.end - 1)
            depth -= 1
            emit("}", at: message.range.end - 1)
        case .webSocket(let webSocket):
            self.webSocket(webSocket)
        case .structure(let structure):
            body(structure.body, header: "STRUCT \(structure.name.text)", at: structure.range.start)
        case .enumeration(let enumeration):
            let header = "ENUM \(enumeration.name.text) : \(enumeration.rawType.canonical) {"
            if enumeration.cases.isEmpty, !hasComments(in: enumeration.range) {
                emit(String(header.dropLast()) + "{}", at: enumeration.range.start)
                return
            }
            emit(header, at: enumeration.range.start)
            depth += 1
            for item in enumeration.cases {
                emit("\(item.name.text) = \(literal(item.value.value));", at: item.range.start)
            }
            flushComments(before: enumeration.range.end - 1)
            depth -= 1
            emit("}", at: enumeration.range.end - 1)
        case .external(let external):
            emit("EXTERN \(external.name.text);", at: external.range.start)
        case .union(let union):
            let header = "UNION \(union.name.text)" + (union.discriminator.map { " = " + key($0) } ?? "")
            if union.members.isEmpty, !hasComments(in: union.range) {
                emit(header + " {}", at: union.range.start)
                return
            }
            emit(header + " {", at: union.range.start)
            depth += 1
            for (member, tag) in zip(union.members, union.tags) {
                emit("\(member.canonical)\(tag.map { " = " + key($0) } ?? "");", at: member.range.start)
            }
            flushComments(before: union.range.end - 1)
            depth -= 1
            emit("}", at: union.range.end - 1)
        }
    }

    /// `WEBSOCKET(Name) /uri {`, its entries in source order, `}`.
    private mutating func webSocket(_ webSocket: WebSocketSyntax) {
        let name = webSocket.name.map { "(\($0.text))" } ?? ""
        emit("\(DeclarationKeyword.webSocket.rawValue)\(name) \(webSocket.uri.canonical) {", at: webSocket.range.start)
        depth += 1
        for entry in webSocket.entries {
            let keyword = entry.item.keyword.rawValue
            switch entry.item {
            case .request(let body), .error(let body): self.body(body, header: keyword, at: entry.range.start)
            case .send(let type), .receive(let type): emit("\(keyword) \(type.canonical);", at: entry.range.start)
            case .subprotocol(let token): emit("\(keyword) \(key(token));", at: entry.range.start)
            }
        }
        flushComments(before: webSocket.range.end - 1)
        depth -= 1
        emit("}", at: webSocket.range.end - 1)
    }

    private mutating func body(_ body: BodySyntax, header: String, at offset: Int) {
        switch body.content {
        case .single(let type, _):
            emit("\(header) { \(type.canonical); }", at: offset)
        case .fields(let fields):
            if fields.isEmpty, body.bodyValue == nil {
                flushComments(before: offset)
                if !hasComments(in: body.range) {
                    emit("\(header) {}", at: offset)
                    return
                }
            }
            emit("\(header) {", at: offset)
            depth += 1
            for field in fields {
                flushComments(before: field.range.start)
                flushComments(inside: field.range)
                emit(self.field(field), at: field.range.start)
            }
            if let value = body.bodyValue {
                emit("BODY \(value.canonical);", at: value.range.start)
            }
            flushComments(before: body.range.end - 1)
            depth -= 1
            emit("}", at: body.range.end - 1)
        }
    }

    private func field(_ field: FieldSyntax) -> String {
        let modifiers = FieldSyntax.Modifier.allCases.filter { field.has($0) }.map { modifier in
            modifier == .query ? "QUERY" + (field.queryStyle.map { "(\($0.0.rawValue))" } ?? "") + " " : modifier.rawValue + " "
        }.joined()
        var text = "\(modifiers)\(field.type.canonical) \(field.name.text)"
        if let key = field.key { text += " = " + self.key(key) }
        if let value = field.defaultValue {
            text += " DEFAULT \(literal(value.value))"
        }
        return text + ";"
    }

    /// A wire key as written: quoted, or free text with its delimiters escaped.
    private func key(_ key: WireKeySyntax) -> String {
        key.isQuoted ? Naming.stringLiteral(key.text) : IDLText.escapeWord(key.text)
    }

    private func literal(_ value: LiteralSyntax.Value) -> String {
        switch value {
        case .string(let text): Naming.stringLiteral(text)
        case .integer(let text), .float(let text): text
        case .bool(let value): value ? "true" : "false"
        }
    }
}

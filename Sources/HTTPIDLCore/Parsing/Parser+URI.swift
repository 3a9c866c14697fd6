/// The URI of a `MESSAGE`: `/`-separated segments of text and `$name` / `${name}` path parameters.
extension Parser {
    /// The URI of a message, up to the `{` of its block.
    mutating func parseURI() -> URISyntax {
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

    /// `$name` or `${name}` after the `$`; nil when the name is malformed (reported).
    mutating func parseParameter(pieces: inout [URISyntax.Piece]) -> URISyntax.Piece? {
        let dollar = advance()
        if current.kind == .leftBrace, !current.precededBySpace {
            advance()
            guard current.kind == .word, !current.precededBySpace, !current.hasEscapes, Identifier.isValid(current.text) else {
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
        if !word.hasEscapes, Identifier.isValid(word.text) {
            return .parameter(Identifier(word.text, range: word.range), braced: false)
        }
        let prefix = String(word.text.unicodeScalars.prefix { Identifier.isValidScalar($0) }.map(Character.init))
        if !prefix.isEmpty, Identifier.isValid(prefix) {
            let rest = String(word.text.dropFirst(prefix.count))
            error("'$\(word.text)' is not a valid parameter name; write '${\(prefix)}\(rest)' for a parameter followed by text",
                  at: SourceRange(start: dollar.range.start, end: word.range.end))
        } else {
            error("'\(word.text)' is not a valid parameter name", at: word.range)
        }
        return nil
    }
}

/// `WEBSOCKET [(Name)] uri { entries }`: its entries are `REQUEST { … }`, `SEND Type;`, `RECEIVE Type;`,
/// `SUBPROTOCOL token;` and `ERROR { … }`, in any order (the semantic checks count them).
extension Parser {
    /// `WEBSOCKET(Name) /uri { entries }`; nil when it cannot be read past its URI.
    mutating func parseWebSocket() -> WebSocketSyntax? {
        let errorsBefore = diagnostics.count
        let keyword = index
        advance()
        let name = parseStemName(what: "WebSocket name")
        let uri = parseURI()
        guard expectBlock(after: " after the URI") else { return nil }
        let entries = parseBlockEntries("the WEBSOCKET block") { $0.parseWebSocketEntry() }
        return WebSocketSyntax(doc: tokens[keyword].docComment, name: name, uri: uri, entries: entries,
                               range: SourceRange(start: tokens[keyword].range.start, end: lastEnd),
                               isIncomplete: diagnostics.count > errorsBefore)
    }

    /// One entry; nil (after skipping it) when it is malformed.
    mutating func parseWebSocketEntry() -> WebSocketSyntax.Entry? {
        let first = index
        guard current.kind == .word, let keyword = WebSocketSyntax.EntryKeyword(rawValue: current.text) else {
            errorAtCurrent("expected 'REQUEST', 'SEND', 'RECEIVE', 'SUBPROTOCOL' or 'ERROR' in a WEBSOCKET, found \(current.displayName)")
            skipPart()
            if current.kind == .semicolon { advance() }
            return nil
        }
        advance()
        let item: WebSocketSyntax.Item
        switch keyword {
        case .request, .error:
            guard let body = parseBody() else {
                skipPart()
                return nil
            }
            item = keyword == .request ? .request(body) : .error(body)
        case .send, .receive:
            typeFailed = false
            let type = parseType(depth: 0)
            if typeFailed {
                recoverToSemicolon()
                return nil
            }
            item = keyword == .send ? .send(type) : .receive(type)
            expectSemicolon(after: "'\(keyword.rawValue) \(type.canonical)'")
        case .subprotocol:
            guard let token = parseKey(after: "'SUBPROTOCOL'") else {
                recoverToSemicolon()
                return nil
            }
            item = .subprotocol(token)
            expectSemicolon(after: "the subprotocol")
        }
        return WebSocketSyntax.Entry(item: item, doc: tokens[first].docComment,
                                     range: SourceRange(start: tokens[first].range.start, end: lastEnd))
    }
}

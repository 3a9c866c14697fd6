/// `WEBSOCKET` checks: one `SEND` and one `RECEIVE` type, each a JSON value; an opening request without a
/// body; subprotocols that are RFC 6455 tokens. The request and error body are checked as a GET message's
/// (`analyzeEndpoint`), so path, query and header fields mean the same as there.
extension SemanticAnalyzer {
    /// The entries of a `WEBSOCKET` as message parts: the opening GET request (empty when not declared), the
    /// `RECEIVE` type as the response, the error body.
    struct WebSocketEntries {
        var request: MessagePartSyntax?, receive: MessagePartSyntax?, error: MessagePartSyntax?
        var send: TypeSyntax?
        var subprotocols: [String] = []
    }

    mutating func analyzeWebSocket(_ syntax: WebSocketSyntax) -> ModelMessage? {
        if syntax.isIncomplete || syntax.uri.segments.isEmpty { return nil }
        guard let stem = typeNameStem(name: syntax.name, uri: syntax.uri), checkURIText(syntax.uri),
              checkPathParameters(syntax.uri.parameters), let entries = webSocketEntries(syntax),
              let send = entries.send, let receive = entries.receive else { return nil }
        let keywordRange = SourceRange(start: syntax.range.start, end: syntax.range.start + DeclarationKeyword.webSocket.rawValue.utf8.count)
        let names = (request: stem + "WebSocket", response: "", error: entries.error == nil ? "" : stem + "WebSocketErrorBody")
        let what = "WEBSOCKET \(syntax.uri.canonical)"
        var namesOK = registerGeneratedName(names.request, at: keywordRange, what: what)
        if let error = entries.error { namesOK = registerGeneratedName(names.error, at: error.methodRange, what: what) && namesOK }
        let request = entries.request ?? Self.part(.request, BodySyntax(content: .fields([]), range: keywordRange), doc: [], range: keywordRange)
        let errorsBefore = errorCount
        let sendType = resolve(send)
        guard namesOK, let sendType, checkMessageType(sendType, at: send.range),
              let endpoint = analyzeEndpoint(EndpointParts(method: .get, uri: syntax.uri, request: request, response: receive,
                                                           error: entries.error), names: names),
              case .single(let receiveType) = endpoint.response, checkMessageType(receiveType, at: receive.body.range) else { return nil }
        if endpoint.bodyEncoding != nil {
            report(.error, "the opening request of a WebSocket is a GET without a body; declare its fields QUERY, HEADER or PATH", at: request.body.range)
        }
        for (alias, meaning) in [("Send", "sent message"), ("Receive", "received message")] {
            checkRequestFields(endpoint.requestFields, of: request, avoiding: alias, of: "a WEBSOCKET request", naming: meaning)
        }
        guard errorCount == errorsBefore else { return nil }
        var model = endpoint
        model.webSocket = (sendType, entries.subprotocols)
        return ModelMessage(uri: syntax.uri.canonical, doc: syntax.doc, endpoints: [model])
    }

    /// The entries by kind; nil after reporting one repeated, a missing `SEND` or `RECEIVE`, or a subprotocol
    /// that is not a token.
    mutating func webSocketEntries(_ syntax: WebSocketSyntax) -> WebSocketEntries? {
        var entries = WebSocketEntries()
        var seen: [WebSocketSyntax.EntryKeyword: SourceRange] = [:]
        var valid = true
        for entry in syntax.entries {
            let keyword = entry.item.keyword
            if keyword != .subprotocol, let previous = seen.updateValue(entry.range, forKey: keyword) {
                report(.error, "duplicate \(keyword.rawValue) in this WEBSOCKET", at: entry.range,
                       notes: [.init(range: previous, message: "first declared here")])
                valid = false
            }
            switch entry.item {
            case .request(let body): entries.request = Self.part(.request, body, doc: entry.doc, range: entry.range)
            case .error(let body): entries.error = Self.part(.error, body, doc: entry.doc, range: entry.range)
            case .receive(let type):
                entries.receive = Self.part(.response, BodySyntax(content: .single(type, doc: []), range: type.range), doc: entry.doc, range: entry.range)
            case .send(let type): entries.send = type
            case .subprotocol(let token):
                guard Self.isToken(token.text) else {
                    report(.error, "a subprotocol is a token (letters, digits and !#$%&'*+-.^_`|~), not '\(token.text)'", at: token.range)
                    valid = false
                    continue
                }
                entries.subprotocols.append(token.text)
            }
        }
        for (keyword, meaning) in [(WebSocketSyntax.EntryKeyword.send, "what the client sends"), (.receive, "what the server sends")]
        where seen[keyword] == nil {
            report(.error, "WEBSOCKET \(syntax.uri.canonical) needs '\(keyword.rawValue) Type;' (\(meaning))", at: syntax.uri.range)
            valid = false
        }
        return valid ? entries : nil
    }

    /// A message part of the opening GET, for `analyzeEndpoint`.
    static func part(_ role: PartRole, _ body: BodySyntax, doc: [String], range: SourceRange) -> MessagePartSyntax {
        MessagePartSyntax(doc: doc, method: .get, methodRange: range, role: role, encoding: nil, encodingRange: nil, body: body, range: range)
    }

    /// Whether a message type is a JSON value (after reporting why not).
    mutating func checkMessageType(_ type: ModelType, at range: SourceRange) -> Bool {
        guard type.containsFile || type == .scalar(.blob) else { return true }
        report(.error, "a WebSocket message is JSON; FILE and BLOB cannot be a message type", at: range)
        return false
    }

    /// Whether `text` is an RFC 7230 token, as `Sec-WebSocket-Protocol` values are.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil
            || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
    }
}

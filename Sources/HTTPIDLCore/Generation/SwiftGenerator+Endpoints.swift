/// Request structs conforming to `APIDefinition`, with their responses and typed error bodies.
extension SwiftGenerator {
    // MARK: - Endpoints

    /// The request struct of `endpoint`, then its response and error bodies.
    func endpointDeclarations(_ endpoint: ModelEndpoint, message: ModelMessage) -> [SwiftDeclaration] {
        let summary = "`\(endpoint.method.rawValue) \(message.uri)`"
        let requestDoc = endpoint.requestDoc.isEmpty ? message.doc : endpoint.requestDoc
        let conformance = endpoint.webSocket != nil ? "WebSocketDefinition" : endpoint.isEventStream ? "EventStreamDefinition" : "APIDefinition"
        let request = SwiftStruct(doc: requestDoc + (requestDoc.isEmpty ? [] : [""]) + ["\(summary)\(endpoint.webSocket == nil ? "" : ", opened as a WebSocket")."],
                                  access: access, name: endpoint.requestTypeName, conformances: [conformance],
                                  members: requestMembers(endpoint, message: message))
        var declarations: [SwiftDeclaration] = [.structure(request)]
        if endpoint.webSocket == nil {
            let responseSummary = (endpoint.isEventStream ? "The data of one event of " : "The response of ") + summary + "."
            declarations.append(payloadDeclaration(endpoint.response, name: endpoint.responseTypeName,
                                                   doc: endpoint.responseDoc.isEmpty ? [responseSummary] : endpoint.responseDoc))
        }
        if let error = endpoint.error, let name = endpoint.errorTypeName {
            declarations.append(payloadDeclaration(error, name: name,
                                                   doc: endpoint.errorDoc.isEmpty ? ["The error body of \(summary)\(endpoint.statusErrors.isEmpty ? "" : " with any other status")."]
                                                       : endpoint.errorDoc))
        }
        return declarations + statusErrorDeclarations(endpoint, summary: summary)
    }

    /// A response or error body: a type alias, or a struct of its fields.
    func payloadDeclaration(_ payload: ModelPayload, name: String, doc: [String]) -> SwiftDeclaration {
        switch payload {
        case .empty:
            .typeAlias(SwiftTypeAlias(doc: doc, access: access, name: name, type: "EmptyResponse"))
        case .single(let type):
            .typeAlias(SwiftTypeAlias(doc: doc, access: access, name: name, type: type == .scalar(.file) ? "Data" : swiftType(type)))
        case .fields(let fields):
            .structure(structDeclaration(name: name, doc: doc, fields: fields))
        }
    }

    /// The property name of a single-value request body.
    func singleBodyName(_ type: ModelType) -> String {
        switch type {
        case .scalar(.file): "fileURL"
        case .scalar(.blob): "data"
        default: "payload"
        }
    }

    /// The members of a request struct: type aliases, stored properties, the initializer, the `APIDefinition`
    /// properties, and the nested `Query` and `Body` structs.
    func requestMembers(_ endpoint: ModelEndpoint, message: ModelMessage) -> [SwiftMember] {
        let parts = requestParts(endpoint)
        var members = typeAliases(endpoint)
        members += parts.storedProperties
        members.append(.initializer(doc: ["Creates the request."], access: access, modifiers: "", parameters: parts.parameters,
                                    throwing: false, body: parts.parameters.map { "self.\($0.name) = \($0.name)" }))
        members.append(.computedProperty(doc: ["`\(endpoint.method.rawValue)`."], access: access, name: "method", type: "HTTPMethod",
                                         body: ["." + endpoint.method.memberName]))
        members.append(.computedProperty(doc: ["`\(message.uri)`; each parameter is encoded as one path segment."], access: access,
                                         name: "path", type: "EndpointPath", body: [pathLiteral(endpoint.path)]))
        members += queryMembers(endpoint, fields: parts.query)
        if let subprotocols = endpoint.webSocket?.subprotocols, !subprotocols.isEmpty {
            members.append(.computedProperty(doc: ["The subprotocols offered, most preferred first."], access: access, name: "subprotocols",
                                             type: "[String]", body: ["[" + subprotocols.map(Naming.stringLiteral).joined(separator: ", ") + "]"]))
        }
        if !parts.headers.isEmpty {
            members.append(.computedProperty(doc: ["The header fields."], access: access, name: "headers", type: "HTTPHeaders",
                                             body: ["var headers: HTTPHeaders = [:]"] + parts.headers.map(headerStatement) + ["return headers"]))
        }
        if let statements = bodyStatements(endpoint, fields: parts.body) {
            members.append(.computedProperty(doc: ["The request body."], access: access, name: "body", type: "RequestBody?", body: statements))
        }
        if !parts.query.isEmpty { members.append(fieldsEncoding("encodeQuery", what: "query parameters", fields: parts.query)) }
        if parts.sendsBodyFields { members.append(fieldsEncoding("encodeBody", what: "body fields", fields: parts.body)) }
        return members
    }

    /// `APIResponse` (or an event stream's `Event`, a WebSocket's `Send` and `Receive`) and `APIErrorBody`.
    private func typeAliases(_ endpoint: ModelEndpoint) -> [SwiftMember] {
        var aliases: [SwiftMember] = if let send = endpoint.webSocket?.send, case .single(let receive) = endpoint.response {
            [.typeAlias(SwiftTypeAlias(doc: ["What the client sends, as JSON text messages."], access: access, name: "Send", type: swiftType(send))),
             .typeAlias(SwiftTypeAlias(doc: ["What the server's messages decode into."], access: access, name: "Receive", type: swiftType(receive)))]
        } else if endpoint.isEventStream {
            [.typeAlias(SwiftTypeAlias(doc: ["What the data of one event decodes into (`client.events(request)` yields them)."],
                                         access: access, name: SemanticAnalyzer.eventTypeAlias, type: endpoint.responseTypeName))]
        } else {
            [.typeAlias(SwiftTypeAlias(doc: ["The decoded response."], access: access, name: "APIResponse", type: endpoint.responseTypeName))]
        }
        if let errorName = endpoint.errorBodyEnumName ?? endpoint.errorTypeName {
            aliases.append(.typeAlias(SwiftTypeAlias(doc: ["The body of a failing response, carried by the thrown `NetworkError`."],
                                                     access: access, name: "APIErrorBody", type: errorName)))
        }
        return aliases
    }

    /// `query` and, when a `QUERY(STYLE)` field sets a strategy, `queryEncoder` (nothing without query fields).
    private func queryMembers(_ endpoint: ModelEndpoint, fields: [ModelField]) -> [SwiftMember] {
        guard !fields.isEmpty else { return [] }
        var members: [SwiftMember] = [
            .computedProperty(doc: ["The query parameters."], access: access, name: "query", type: "(any Encodable & Sendable)?",
                              body: [requestFields(isBody: false)]),
        ]
        let (arrayStyle, objectStyle) = (endpoint.arrayQueryStyle, endpoint.objectQueryStyle)
        if arrayStyle != nil || objectStyle != nil {
            // A field whose style is not the request's for its kind is written in its own, by its key.
            let own = fields.filter { field in field.queryStyle.map { $0 != ($0.isArrayStyle ? arrayStyle : objectStyle) } ?? false }
            let byKey = { (isArray: Bool) in
                own.filter { $0.queryStyle?.isArrayStyle == isArray }
                    .map { Naming.stringLiteral($0.wireKey) + ": " + ($0.queryStyle?.encoderCase ?? "") }.joined(separator: ", ")
            }
            let strategies = [arrayStyle.map { "arrayEncodingStrategy: " + $0.encoderCase },
                              objectStyle.map { "objectEncodingStrategy: " + $0.encoderCase }].compactMap { $0 }
            var body = ["URLQueryEncoder(" + strategies.joined(separator: ", ") + ")"]
            if !own.isEmpty {
                body = ["var encoder = " + body[0]]
                for (isArray, kind) in [(true, "array"), (false, "object")] where !byKey(isArray).isEmpty {
                    body.append("encoder.\(kind)EncodingStrategiesByKey = [" + byKey(isArray) + "]")
                }
                body.append("return encoder")
            }
            members.append(.computedProperty(doc: ["The query encoder for this request's array and object styles."], access: access,
                                             name: "queryEncoder", type: "URLQueryEncoder?", body: body))
        }
        return members
    }

    /// The line of the `headers` property that adds the header of `field`.
    private func headerStatement(_ field: ModelField) -> String {
        let add = "headers.add(name: \"\(Naming.stringLiteralContent(field.wireKey))\", value: "
        guard field.isOptional else { return add + stringExpression("self." + field.escapedSwiftName, type: field.type) + ")" }
        return "if let value = self.\(field.escapedSwiftName) { " + add + stringExpression("value", type: field.type) + ") }"
    }



    /// The path as a string literal that interpolates each parameter.
    func pathLiteral(_ pieces: [ModelPathPiece]) -> String {
        let content = pieces.map { piece in
            switch piece {
            case .literal(let text): Naming.stringLiteralContent(text)
            case .parameter(let name, let type): "\\(" + stringExpression("self." + Naming.escaped(name), type: type) + ")"
            }
        }
        return "\"" + content.joined() + "\""
    }
}

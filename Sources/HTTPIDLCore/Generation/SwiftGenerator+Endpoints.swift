/// Request structs conforming to `APIDefinition`, with their responses and typed error bodies.
extension SwiftGenerator {
    // MARK: - Endpoints

    func payloadDeclaration(_ payload: ModelPayload, name: String, doc: [String]) -> SwiftDeclaration {
        switch payload {
        case .empty:
            return .typeAlias(SwiftTypeAlias(doc: doc.isEmpty ? ["An empty body."] : doc, access: access, name: name, type: "EmptyResponse"))
        case .single(let type):
            let swift = type == .scalar(.file) ? "Data" : swiftType(type)
            return .typeAlias(SwiftTypeAlias(doc: doc, access: access, name: name, type: swift))
        case .fields(let fields):
            return .structure(modelStruct(name: name, doc: doc, fields: fields, conformances: ["Codable", "Sendable", "Equatable"], decodable: true))
        }
    }

    func singleBodyName(_ type: ModelType) -> String {
        switch type {
        case .scalar(.file): "fileURL"
        case .scalar(.blob): "data"
        default: "payload"
        }
    }

    func endpointDeclarations(_ endpoint: ModelEndpoint, message: ModelMessage) -> [SwiftDeclaration] {
        let method = endpoint.method.rawValue
        let summary = "`\(method) \(message.uri)`"
        var requestDoc = endpoint.requestDoc.isEmpty ? message.doc : endpoint.requestDoc
        requestDoc += requestDoc.isEmpty ? ["\(summary)."] : ["", "\(summary)."]
        var members: [SwiftMember] = []
        // The aliases, the fields, init, method, path, query, query encoder, headers, body and the nested DTOs.
        members.reserveCapacity(endpoint.requestFields.count + 12)
        members.append(endpoint.isEventStream
            ? .typeAlias(SwiftTypeAlias(doc: ["What the data of one event decodes into (`client.events(request)` yields them)."],
                                        access: access, name: SemanticAnalyzer.eventTypeAlias, type: endpoint.responseTypeName))
            : .typeAlias(SwiftTypeAlias(doc: ["The decoded response."], access: access, name: "APIResponse", type: endpoint.responseTypeName)))
        if let errorName = endpoint.errorTypeName {
            members.append(.typeAlias(SwiftTypeAlias(doc: ["The body of a failing response, carried by the thrown `NetworkError`."],
                                                     access: access, name: "APIErrorBody", type: errorName)))
        }
        var parameters: [SwiftParameter] = []
        var assignments: [String] = []
        for field in endpoint.requestFields {
            let name = Naming.escaped(field.swiftName)
            let doc = field.doc.isEmpty ? [placementDoc(field)] : field.doc
            members.append(.storedProperty(doc: doc, access: access, isLet: false, name: name, type: propertyType(field)))
            parameters.append(SwiftParameter(label: name, name: name, type: propertyType(field),
                                             defaultValue: field.defaultValue.map(defaultLiteral) ?? (field.isOptional ? "nil" : nil)))
            assignments.append("self.\(name) = \(name)")
        }
        if let single = endpoint.singleBody {
            let name = singleBodyName(single)
            let type = single == .scalar(.file) ? "URL" : swiftType(single)
            let doc = single == .scalar(.file) ? "The file sent as the body, streamed from disk." : "The request body."
            members.append(.storedProperty(doc: [doc], access: access, isLet: false, name: name, type: type))
            parameters.append(SwiftParameter(label: name, name: name, type: type))
            assignments.append("self.\(name) = \(name)")
        }
        if endpoint.bodyEncoding == .binary {
            members.append(.storedProperty(doc: ["The `Content-Type` of the body."], access: access, isLet: false, name: "contentType", type: "String"))
            parameters.append(SwiftParameter(label: "contentType", name: "contentType", type: "String", defaultValue: "\"application/octet-stream\""))
            assignments.append("self.contentType = contentType")
        }
        members.append(.initializer(doc: ["Creates the request."], access: access, modifiers: "", parameters: parameters,
                                    throwing: false, body: assignments))
        members.append(.computedProperty(doc: ["`\(method)`."], access: access, name: "method", type: "HTTPMethod",
                                         body: [".\(endpoint.method.memberName)"]))
        members.append(.computedProperty(doc: ["`\(message.uri)`; each parameter is encoded as one path segment."], access: access,
                                         name: "path", type: "EndpointPath", body: [pathLiteral(endpoint.path)]))
        let queryFields = endpoint.requestFields.filter { $0.placement == .query }
        let headerFields = endpoint.requestFields.filter { $0.placement == .header }
        let bodyFields = endpoint.requestFields.filter { $0.placement == .body }
        var nested: [SwiftMember] = []
        if !queryFields.isEmpty {
            members.append(.computedProperty(doc: ["The query parameters."], access: access, name: "query", type: "(any Encodable & Sendable)?",
                                             body: [construct("Query", queryFields)]))
            nested.append(.nested(.structure(modelStruct(name: "Query", doc: ["The query parameters as sent on the wire."], fields: queryFields,
                                                         conformances: ["Encodable", "Sendable", "Equatable"], decodable: false))))
            var strategies: [String] = []
            if let style = endpoint.arrayQueryStyle { strategies.append("arrayEncodingStrategy: \(style.encoderCase)") }
            if let style = endpoint.objectQueryStyle { strategies.append("objectEncodingStrategy: \(style.encoderCase)") }
            if !strategies.isEmpty {
                members.append(.computedProperty(doc: ["The query encoder for this request's array and object styles."], access: access,
                                                 name: "queryEncoder", type: "URLQueryEncoder?",
                                                 body: ["URLQueryEncoder(\(strategies.joined(separator: ", ")))"]))
            }
        }
        if !headerFields.isEmpty {
            var body = ["var headers: HTTPHeaders = [:]"]
            for field in headerFields {
                let key = Naming.stringLiteral(field.wireKey)
                let reference = "self.\(Naming.escaped(field.swiftName))"
                if field.isOptional {
                    body.append("if let value = \(reference) { headers.add(name: \(key), value: \(stringExpression("value", type: field.type))) }")
                } else {
                    body.append("headers.add(name: \(key), value: \(stringExpression(reference, type: field.type)))")
                }
            }
            body.append("return headers")
            members.append(.computedProperty(doc: ["The header fields."], access: access, name: "headers", type: "HTTPHeaders", body: body))
        }
        if let bodyStatements = bodyStatements(endpoint, fields: bodyFields) {
            members.append(.computedProperty(doc: ["The request body."], access: access, name: "body", type: "RequestBody?", body: bodyStatements))
            if endpoint.singleBody == nil, endpoint.bodyEncoding == .json || endpoint.bodyEncoding == .form {
                nested.append(.nested(.structure(modelStruct(name: "Body", doc: ["The body fields as sent on the wire."], fields: bodyFields,
                                                             conformances: ["Encodable", "Sendable", "Equatable"], decodable: false))))
            }
        }
        members += nested
        var declarations: [SwiftDeclaration] = [
            .structure(SwiftStruct(doc: requestDoc, access: access, name: endpoint.requestTypeName,
                                   conformances: [endpoint.isEventStream ? "EventStreamDefinition" : "APIDefinition"], members: members)),
            payloadDeclaration(endpoint.response, name: endpoint.responseTypeName,
                               doc: endpoint.responseDoc.isEmpty ? ["The \(endpoint.isEventStream ? "data of one event" : "response") of \(summary)."] : endpoint.responseDoc),
        ]
        if let error = endpoint.error, let name = endpoint.errorTypeName {
            declarations.append(payloadDeclaration(error, name: name,
                                                   doc: endpoint.errorDoc.isEmpty ? ["The error body of \(summary)."] : endpoint.errorDoc))
        }
        return declarations
    }

    func placementDoc(_ field: ModelField) -> String {
        switch field.placement {
        case .path: "Path parameter `$\(field.idlName)`."
        case .query: "Query parameter `\(field.wireKey)`."
        case .header: "Header `\(field.wireKey)`."
        case .body: "Body field `\(field.wireKey)`."
        }
    }

    func construct(_ type: String, _ fields: [ModelField]) -> String {
        let arguments = fields.map { "\(Naming.argumentLabel($0.swiftName)): self.\(Naming.escaped($0.swiftName))" }
        return "\(type)(\(arguments.joined(separator: ", ")))"
    }

    func pathLiteral(_ pieces: [ModelPathPiece]) -> String {
        var result = "\""
        for piece in pieces {
            switch piece {
            case .literal(let text):
                result += Naming.stringLiteralContent(text)
            case .parameter(let name, let type):
                result += "\\(\(stringExpression("self.\(Naming.escaped(name))", type: type)))"
            }
        }
        return result + "\""
    }

    func bodyStatements(_ endpoint: ModelEndpoint, fields: [ModelField]) -> [String]? {
        guard let encoding = endpoint.bodyEncoding else { return nil }
        if let single = endpoint.singleBody {
            let name = "self." + singleBodyName(single)
            switch encoding {
            case .binary:
                return single == .scalar(.file) ? [".file(\(name), contentType: self.contentType)"] : [".data(\(name), contentType: self.contentType)"]
            case .form:
                return [".form(\(name))"]
            default:
                return [".json(\(name))"]
            }
        }
        switch encoding {
        case .json:
            return [".json(\(construct("Body", fields)))"]
        case .form:
            return [".form(\(construct("Body", fields)))"]
        case .binary:
            return nil
        case .multipart:
            var statements = ["var form = MultipartFormData()"]
            for field in fields {
                let key = Naming.stringLiteral(field.wireKey)
                let reference = "self.\(Naming.escaped(field.swiftName))"
                if case .array(let element) = field.type {
                    statements.append("for value in \(reference)\(field.isOptional ? " ?? []" : "") { \(appendPart("value", type: element, key: key)) }")
                } else if field.isOptional {
                    statements.append("if let value = \(reference) { \(appendPart("value", type: field.type, key: key)) }")
                } else {
                    statements.append(appendPart(reference, type: field.type, key: key))
                }
            }
            statements.append("return .multipart(form)")
            return statements
        }
    }

    func appendPart(_ value: String, type: ModelType, key: String) -> String {
        switch type {
        case .scalar(.file): "form.append(fileAt: \(value), name: \(key))"
        case .scalar(.blob): "form.append(\(value), name: \(key))"
        default: "form.append(\(stringExpression(value, type: type)), name: \(key))"
        }
    }
}

/// Request structs conforming to `APIDefinition`, with their responses and typed error bodies.
extension SwiftGenerator {
    // MARK: - Endpoints

    /// Writes a response or error body after a blank line: a type alias, or a struct of its fields.
    /// `doc` writes the doc comment.
    func writePayload(_ payload: ModelPayload, name: String, doc: (inout SwiftRenderer) -> Void, to renderer: inout SwiftRenderer) {
        renderer.emit("")
        switch payload {
        case .empty:
            doc(&renderer)
            renderer.typeAlias(access: access, name: name, type: "EmptyResponse")
        case .single(let type):
            doc(&renderer)
            renderer.typeAlias(access: access, name: name, type: type == .scalar(.file) ? "Data" : swiftType(type))
        case .fields(let fields):
            writeStruct(name: name, doc: doc, fields: fields, conformances: "Codable, Sendable, Equatable", decodable: true, to: &renderer)
        }
    }

    func singleBodyName(_ type: ModelType) -> String {
        switch type {
        case .scalar(.file): "fileURL"
        case .scalar(.blob): "data"
        default: "payload"
        }
    }

    /// Writes the request struct of `endpoint` (each after a blank line), then its response and error bodies.
    func writeEndpoint(_ endpoint: ModelEndpoint, message: ModelMessage, to renderer: inout SwiftRenderer) {
        let method = endpoint.method.rawValue
        // A doc line around the endpoint's summary, `GET /uri` in backticks.
        func writeSummaryLine(_ before: String, _ after: String, to renderer: inout SwiftRenderer) {
            renderer.emit("/// ", before, "`", method, " ", message.uri, "`", after)
        }
        renderer.emit("")
        let requestDoc = endpoint.requestDoc.isEmpty ? message.doc : endpoint.requestDoc
        renderer.doc(requestDoc)
        if !requestDoc.isEmpty { renderer.emit("///") }
        writeSummaryLine("", ".", to: &renderer)
        let opened = renderer.openType(access: access, keyword: "struct", name: endpoint.requestTypeName,
                                       conformances: endpoint.isEventStream ? "EventStreamDefinition" : "APIDefinition")
        var spacing = SwiftRenderer.MemberSpacing(leadingBlank: false)
        renderer.beginMember(.typeAlias, &spacing)
        if endpoint.isEventStream {
            renderer.emit("/// What the data of one event decodes into (`client.events(request)` yields them).")
            renderer.typeAlias(access: access, name: SemanticAnalyzer.eventTypeAlias, type: endpoint.responseTypeName)
        } else {
            renderer.emit("/// The decoded response.")
            renderer.typeAlias(access: access, name: "APIResponse", type: endpoint.responseTypeName)
        }
        if let errorName = endpoint.errorTypeName {
            renderer.beginMember(.typeAlias, &spacing)
            renderer.emit("/// The body of a failing response, carried by the thrown `NetworkError`.")
            renderer.typeAlias(access: access, name: "APIErrorBody", type: errorName)
        }
        let fields = endpoint.requestFields
        for index in fields.indices {
            renderer.beginMember(.storedProperty, &spacing)
            if fields[index].doc.isEmpty { writePlacementDoc(fields[index], to: &renderer) } else { renderer.doc(fields[index].doc) }
            renderer.beginStoredProperty(access: access, isLet: false, name: fields[index].escapedSwiftName)
            writePropertyType(fields[index], to: &renderer)
            renderer.endLine()
        }
        let single = endpoint.singleBody.map { (name: singleBodyName($0), type: $0 == .scalar(.file) ? "URL" : swiftType($0)) }
        if let single, let type = endpoint.singleBody {
            renderer.beginMember(.storedProperty, &spacing)
            renderer.emit(type == .scalar(.file) ? "/// The file sent as the body, streamed from disk." : "/// The request body.")
            renderer.beginStoredProperty(access: access, isLet: false, name: single.name)
            renderer.write(single.type)
            renderer.endLine()
        }
        let sendsContentType = endpoint.bodyEncoding == .binary
        if sendsContentType {
            renderer.beginMember(.storedProperty, &spacing)
            renderer.emit("/// The `Content-Type` of the body.")
            renderer.beginStoredProperty(access: access, isLet: false, name: "contentType")
            renderer.write("String")
            renderer.endLine()
        }
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// Creates the request.")
        let extraCount = (single == nil ? 0 : 1) + (sendsContentType ? 1 : 0)
        renderer.initializer(access: access, modifiers: "", throwing: false, parameterCount: fields.count + extraCount, parameter: { renderer, index in
            if index < fields.count {
                self.writeParameter(fields[index], to: &renderer)
            } else if index == fields.count, let single {
                renderer.write(single.name, ": ", single.type)
            } else {
                renderer.write("contentType: String = \"application/octet-stream\"")
            }
        }, statementCount: fields.count + extraCount, statement: { renderer, index in
            let name = index < fields.count ? fields[index].escapedSwiftName
                : index == fields.count && single != nil ? single?.name ?? "" : "contentType"
            renderer.write("self.", name, " = ", name)
        })
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// `", method, "`.")
        // The closures below capture the parts of `endpoint` they read, not the endpoint: capturing it would
        // copy it (retaining and releasing each of its strings and arrays) for each closure.
        let methodMember = endpoint.method.memberName
        renderer.computedProperty(access: access, name: "method", type: "HTTPMethod") { $0.write(".", methodMember) }
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// `", message.uri, "`; each parameter is encoded as one path segment.")
        let path = endpoint.path
        renderer.computedProperty(access: access, name: "path", type: "EndpointPath") { writePathLiteral(path, to: &$0) }
        // Collected once: a lazy filter would test (and copy) every field again for each `count`, `isEmpty`
        // and index step of the structs and initializers below.
        let queryFields = Self.fields(fields, placedIn: .query)
        let headerFields = Self.fields(fields, placedIn: .header)
        let bodyFields = Self.fields(fields, placedIn: .body)
        if !queryFields.isEmpty {
            renderer.beginMember(.other, &spacing)
            renderer.emit("/// The query parameters.")
            renderer.computedProperty(access: access, name: "query", type: "(any Encodable & Sendable)?") { writeConstruct("Query", queryFields, to: &$0) }
            let (arrayStyle, objectStyle) = (endpoint.arrayQueryStyle, endpoint.objectQueryStyle)
            if arrayStyle != nil || objectStyle != nil {
                renderer.beginMember(.other, &spacing)
                renderer.emit("/// The query encoder for this request's array and object styles.")
                renderer.computedProperty(access: access, name: "queryEncoder", type: "URLQueryEncoder?") { renderer in
                    renderer.write("URLQueryEncoder(")
                    if let style = arrayStyle { renderer.write("arrayEncodingStrategy: ", style.encoderCase) }
                    if let style = objectStyle {
                        renderer.write(arrayStyle == nil ? "" : ", ", "objectEncodingStrategy: ", style.encoderCase)
                    }
                    renderer.write(")")
                }
            }
        }
        if !headerFields.isEmpty {
            renderer.beginMember(.other, &spacing)
            renderer.emit("/// The header fields.")
            renderer.openComputedProperty(access: access, name: "headers", type: "HTTPHeaders")
            renderer.emit("var headers: HTTPHeaders = [:]")
            for index in headerFields.indices { writeHeaderStatement(headerFields[index], to: &renderer) }
            renderer.emit("return headers")
            renderer.closeBlock()
        }
        let bodyEncoding = endpoint.bodyEncoding
        let writesBodyStruct = endpoint.singleBody == nil && (bodyEncoding == .json || bodyEncoding == .form)
        if writesBodyStruct {
            renderer.beginMember(.other, &spacing)
            renderer.emit("/// The request body.")
            renderer.computedProperty(access: access, name: "body", type: "RequestBody?") { renderer in
                renderer.write(bodyEncoding == .json ? ".json(" : ".form(")
                writeConstruct("Body", bodyFields, to: &renderer)
                renderer.write(")")
            }
        } else if let statements = bodyStatements(endpoint, fields: bodyFields) {
            renderer.member(.computedProperty(doc: ["The request body."], access: access, name: "body", type: "RequestBody?", body: statements), &spacing)
        }
        if !queryFields.isEmpty {
            renderer.beginMember(.other, &spacing)
            writeStruct(name: "Query", doc: { $0.emit("/// The query parameters as sent on the wire.") }, fields: queryFields,
                        conformances: "Encodable, Sendable, Equatable", decodable: false, to: &renderer)
        }
        if writesBodyStruct {
            renderer.beginMember(.other, &spacing)
            writeStruct(name: "Body", doc: { $0.emit("/// The body fields as sent on the wire.") }, fields: bodyFields,
                        conformances: "Encodable, Sendable, Equatable", decodable: false, to: &renderer)
        }
        renderer.closeType(opened)
        let (responseDoc, isEventStream, errorDoc) = (endpoint.responseDoc, endpoint.isEventStream, endpoint.errorDoc)
        writePayload(endpoint.response, name: endpoint.responseTypeName, doc: { renderer in
            if responseDoc.isEmpty {
                writeSummaryLine(isEventStream ? "The data of one event of " : "The response of ", ".", to: &renderer)
            } else {
                renderer.doc(responseDoc)
            }
        }, to: &renderer)
        if let error = endpoint.error, let name = endpoint.errorTypeName {
            writePayload(error, name: name, doc: { renderer in
                if errorDoc.isEmpty {
                    writeSummaryLine("The error body of ", ".", to: &renderer)
                } else {
                    renderer.doc(errorDoc)
                }
            }, to: &renderer)
        }
    }

    /// The fields of `fields` with `placement`, in order: counted first, so the list is allocated once at its
    /// size (`filter` grows it field by field), or not at all when there is none.
    static func fields(_ fields: [ModelField], placedIn placement: ModelField.Placement) -> [ModelField] {
        var count = 0
        for index in fields.indices where fields[index].placement == placement { count += 1 }
        guard count > 0 else { return [] }
        var result: [ModelField] = []
        result.reserveCapacity(count)
        for index in fields.indices where fields[index].placement == placement { result.append(fields[index]) }
        return result
    }

    /// The line of the `headers` property that adds the header of `field` (taken as an argument, borrowed
    /// in place rather than copied).
    func writeHeaderStatement(_ field: ModelField, to renderer: inout SwiftRenderer) {
        let name = field.escapedSwiftName
        renderer.beginLine()
        if field.isOptional { renderer.write("if let value = self.", name, " { ") }
        renderer.write("headers.add(name: \"", Naming.stringLiteralContent(field.wireKey), "\", value: ")
        if field.isOptional {
            writeStringExpression("value", type: field.type, to: &renderer)
            renderer.write(") }")
        } else {
            writeStringExpression("self.", name, type: field.type, to: &renderer)
            renderer.write(")")
        }
        renderer.endLine()
    }

    /// The doc line of a request field without `///` lines of its own: where it is sent.
    func writePlacementDoc(_ field: ModelField, to renderer: inout SwiftRenderer) {
        switch field.placement {
        case .path: renderer.emit("/// Path parameter `$", field.idlName, "`.")
        case .query: renderer.emit("/// Query parameter `", field.wireKey, "`.")
        case .header: renderer.emit("/// Header `", field.wireKey, "`.")
        case .body: renderer.emit("/// Body field `", field.wireKey, "`.")
        }
    }

    /// `Type(a: self.a, b: self.b)` for the properties of `fields`.
    func writeConstruct<Fields: Collection<ModelField>>(_ type: String, _ fields: Fields, to target: inout SwiftRenderer) {
        target.write(type, "(")
        var first = true
        for index in fields.indices {
            target.write(first ? "" : ", ", Naming.argumentLabel(fields[index].swiftName), ": self.", fields[index].escapedSwiftName)
            first = false
        }
        target.write(")")
    }

    /// The path as a string literal that interpolates each parameter.
    func writePathLiteral(_ pieces: [ModelPathPiece], to target: inout SwiftRenderer) {
        target.write("\"")
        for piece in pieces {
            switch piece {
            case .literal(let text):
                target.write(Naming.stringLiteralContent(text))
            case .parameter(let name, let type):
                target.write("\\(")
                writeStringExpression("self.", Naming.escaped(name), type: type, to: &target)
                target.write(")")
            }
        }
        target.write("\"")
    }

    /// The statements of the `body` property of a request that sends one value or multipart form data
    /// (`nil` for no body; the named fields of a JSON or form body are written by `writeEndpoint`).
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
        case .json, .form, .binary:
            return nil
        case .multipart:
            var statements = ["var form = MultipartFormData()"]
            for field in fields {
                let key = Naming.stringLiteral(field.wireKey)
                let reference = "self.\(field.escapedSwiftName)"
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

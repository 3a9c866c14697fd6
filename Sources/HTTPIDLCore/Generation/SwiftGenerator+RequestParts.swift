/// The properties of a request struct and what they send: fields by placement, a single-value or multipart body.
extension SwiftGenerator {
    // MARK: - Request parts

    /// The stored properties of a request struct and its fields by placement.
    struct RequestParts {
        /// The fields, then the single-value body, then the `Content-Type` of a binary body.
        var storedProperties: [SwiftMember] = []
        /// The initializer's parameters, one per stored property.
        var parameters: [SwiftParameter] = []
        /// The fields by placement, in declaration order.
        let query: [ModelField], headers: [ModelField], body: [ModelField]
        /// Whether the request encodes its body fields (a JSON or form body of named fields).
        let sendsBodyFields: Bool
    }

    func requestParts(_ endpoint: ModelEndpoint) -> RequestParts {
        let fields = endpoint.requestFields
        var parts = RequestParts(query: fields.filter { $0.placement == .query }, headers: fields.filter { $0.placement == .header },
                                 body: fields.filter { $0.placement == .body },
                                 sendsBodyFields: endpoint.sendsBodyFields)
        for field in fields {
            parts.storedProperties.append(.storedProperty(doc: field.doc.isEmpty ? [placementDoc(field)] : field.doc, access: access,
                                                          isLet: false, name: field.escapedSwiftName, type: propertyType(field)))
            parts.parameters.append(parameter(field))
        }
        if let single = endpoint.singleBody {
            let (name, type) = (singleBodyName(single), single == .scalar(.file) ? "URL" : swiftType(single))
            let doc = single == .scalar(.file) ? "The file sent as the body, streamed from disk." : "The request body."
            parts.storedProperties.append(.storedProperty(doc: [doc], access: access, isLet: false, name: name, type: type))
            parts.parameters.append(SwiftParameter(label: name, name: name, type: type))
        }
        if endpoint.bodyEncoding == .binary {
            parts.storedProperties.append(.storedProperty(doc: ["The `Content-Type` of the body."], access: access, isLet: false,
                                                          name: "contentType", type: "String"))
            parts.parameters.append(SwiftParameter(label: "contentType", name: "contentType", type: "String",
                                                   defaultValue: "\"application/octet-stream\""))
        }
        return parts
    }

    /// The doc line of a request field without `///` lines of its own: where it is sent.
    private func placementDoc(_ field: ModelField) -> String {
        switch field.placement {
        case .path: "Path parameter `$\(field.idlName)`."
        case .query: "Query parameter `\(field.wireKey)`."
        case .header: "Header `\(field.wireKey)`."
        case .body: "Body field `\(field.wireKey)`."
        }
    }

    /// The statements of the `body` property of a request (`nil` for no body).
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
        case .json: return [".json(" + requestFields(isBody: true) + ")"]
        case .form: return [".form(" + requestFields(isBody: true) + ")"]
        case .binary: return nil
        case .multipart: return multipartStatements(fields)
        }
    }

    /// A multipart body: one part per field, one per element of an array.
    private func multipartStatements(_ fields: [ModelField]) -> [String] {
        var statements = ["var form = MultipartFormData()"]
        for field in fields {
            let key = Naming.stringLiteral(field.wireKey)
            let reference = "self.\(field.escapedSwiftName)" + (field.isNullable ? ".wrapped" : "")
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

    private func appendPart(_ value: String, type: ModelType, key: String) -> String {
        switch type {
        case .scalar(.file): "form.append(fileAt: \(value), name: \(key))"
        case .scalar(.blob): "form.append(\(value), name: \(key))"
        default: "form.append(\(stringExpression(value, type: type)), name: \(key))"
        }
    }
}

/// Request bodies and responses.
extension OpenAPITranslator {
    /// The request body as an encoding, named body fields (an inline object's properties) or one `BODY TYPE;`.
    mutating func translateRequestBody(_ body: YAMLNode, operation: OpenAPIOperation, scope: inout IdentifierScope)
        -> (BodyEncoding?, [ImportedField], String?, [String]) {
        guard let (mediaName, kind, media) = OpenAPIMediaType.preferred(body["content"]) else {
            warn("the request body has no content; not imported", at: body)
            return (nil, [], nil, [])
        }
        let name = operation.stem + "Body"
        let schema = media["schema"]
        let sentBefore = sendsNull
        sendsNull = true
        defer { sendsNull = sentBefore }
        var notes: [String] = []
        if (body["content"]?.entries.count ?? 0) > 1 {
            notes.append("openapi: request body sent as \(mediaName) (the spec also allows \(body["content"]?.entries.filter { $0.key != mediaName }.map(\.key).joined(separator: ", ") ?? ""))")
        }
        switch kind {
        case .json:
            guard let schema else { return (nil, [], "ANY", notes) }
            if let fields = inlineObjectFields(schema, name: name, placement: "BODY", context: .json, scope: &scope) {
                return (nil, fields, nil, notes)
            }
            let type = self.type(of: schema, name: name)
            if type.text.contains("FILE") { return (.binary, [], "FILE", notes) }
            return (nil, [], type.text, notes + type.notes)
        case .form:
            guard let schema else { return (.form, [], "DICT<STRING, STRING>", notes) }
            if let fields = inlineObjectFields(schema, name: name, placement: "BODY", context: .json, scope: &scope) {
                return (.form, fields.map { field in
                    var field = field
                    if field.type.contains("BLOB") || field.type.contains("FILE") { field.type = "STRING" }
                    return field
                }, nil, notes)
            }
            let type = self.type(of: schema, name: name)
            if type.text.hasPrefix("DICT<") || (ScalarType(rawValue: type.text) == nil && !enumNames.contains(type.text) && !type.text.hasPrefix("ARRAY<")) {
                return (.form, [], type.text, notes)
            }
            warn("a form body of type \(type.text) is not an object; sent as JSON", at: schema)
            return (nil, [], type.text, notes)
        case .multipart:
            guard let schema, let resolved = references.dereference(schema),
                  var fields = objectFields(resolved, name: name, placement: "BODY", context: .multipart, scope: &scope) else {
                warn("a multipart body whose schema is not an object is not imported", at: schema ?? media)
                return (nil, [], nil, notes + ["openapi: multipart body without an object schema not imported"])
            }
            for index in fields.indices where !isMultipartPart(fields[index].type) {
                warn("multipart part '\(fields[index].key ?? fields[index].name)' of type \(fields[index].type) is sent as a text part (STRING)", at: schema)
                fields[index].notes.append("openapi: \(fields[index].type) part sent as STRING (encode it yourself)")
                fields[index].type = "STRING"
            }
            return (.multipart, fields, nil, notes)
        case .binary:
            if schema?["x-httpidl-type"]?.string == "BLOB" { return (.binary, [], "BLOB", notes) }
            let isDefault = mediaName.lowercased() == "application/octet-stream"
            return (.binary, [], "FILE", notes + (isDefault ? [] : ["openapi: raw \(mediaName) body; pass contentType: \"\(mediaName)\""]))
        case .text, .other:
            warn("a \(mediaName) request body is imported as raw bytes (BLOB); pass its contentType", at: body["content"])
            return (.binary, [], "BLOB", notes + ["openapi: \(mediaName) body sent as raw bytes"])
        }
    }

    private func isMultipartPart(_ type: String) -> Bool {
        var element = type
        if element.hasPrefix("ARRAY<"), element.hasSuffix(">") { element = String(element.dropFirst(6).dropLast()) }
        if element == "FILE" || element == "BLOB" { return true }
        return isStringConvertible(element)
    }

    /// The properties of an inline object schema (no `$ref`, no composition) as fields, or `nil`.
    private mutating func inlineObjectFields(_ schema: YAMLNode, name: String, placement: String?, context: SchemaContext,
                                             scope: inout IdentifierScope) -> [ImportedField]? {
        guard schema["$ref"] == nil, schema["allOf"] == nil, schema["oneOf"] == nil, schema["anyOf"] == nil,
              schema["additionalProperties"] == nil || schema["additionalProperties"]?.bool == false,
              let properties = schema["properties"], !properties.entries.isEmpty else { return nil }
        return objectFields(schema, name: name, placement: placement, context: context, scope: &scope)
    }

    /// The properties of an object schema as fields.
    private mutating func objectFields(_ schema: YAMLNode, name: String, placement: String?, context: SchemaContext,
                                       scope: inout IdentifierScope) -> [ImportedField]? {
        guard let properties = schema["properties"]?.entries else { return nil }
        let required = Set(schema["required"]?.elements.compactMap(\.string) ?? [])
        var fields: [ImportedField] = []
        for property in properties {
            let resolved = references.dereference(property.value) ?? property.value
            let readOnly = (property.value["readOnly"] ?? resolved["readOnly"])?.bool == true
            let writeOnly = (property.value["writeOnly"] ?? resolved["writeOnly"])?.bool == true
            // A request does not send what only the server writes; a response does not carry what only the client sends.
            if (placement != nil && readOnly && !isExport) || (placement == nil && writeOnly && !isExport) { continue }
            let type = self.type(of: property.value, name: name + Naming.upperCamel(property.key), context: context)
            let doc = propertyDoc(property.value)
            let defaultValue = type.nullable || context == .multipart ? nil : defaultLiteral(property.value, type: type.text)
            fields.append(ImportedField(doc: doc, notes: type.notes,
                                        isRequired: required.contains(property.key) && !type.nullable && !readOnly && defaultValue == nil,
                                        isNullable: type.nullable && (placement == "BODY" || isExport) && context == .json,
                                        placement: placement, type: type.text,
                                        name: scope.identifier(preferring: property.value["x-httpidl-name"]?.string, for: property.key),
                                        key: property.key, defaultValue: defaultValue,
                                        position: property.value["x-httpidl-position"]?.scalarText.flatMap { Int($0) }))
        }
        return fields
    }

    /// The 2xx response (the lowest code) and the typed error body: of the responses with a JSON body, the
    /// `4XX` range, then `default`, then `5XX`, then the body most 4xx/5xx codes share (the lowest code on a tie).
    mutating func translateResponses(_ operation: OpenAPIOperation) -> (ImportedPart, [ImportedPart]) {
        let entries = operation.node["responses"]?.entries ?? []
        let success = entries.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }.first
        var response = ImportedPart(method: operation.method, role: .response, content: .fields([], bodyValue: nil))
        if let success {
            response = payload(success.value, role: .response, method: operation.method, name: operation.stem + "Response")
        } else if entries.isEmpty {
            warn("the operation has no responses", at: operation.node)
        }
        let failures = entries.filter { entry in
            guard entry.key.hasPrefix("4") || entry.key.hasPrefix("5") || entry.key == "default",
                  let node = references.dereference(entry.value) else { return false }
            // An export writes an empty `ERROR 410 {}` as a response without content.
            guard let (_, kind, media) = OpenAPIMediaType.preferred(node["content"]) else { return isExport && node["content"] == nil }
            return kind == .json && media["schema"] != nil
        }
        let keys = failures.map { errorSchemaKey($0) }
        // An export writes the plain `ERROR` as `default` and each `ERROR 404` as its status, so no other body is chosen.
        let chosen = isExport ? failures.firstIndex { $0.key == "default" } : preferredError(failures, keys: keys)
        var errors: [ImportedPart] = []
        // A status with a body of its own is an `ERROR 404 { … }`; a range (`5XX`) with another body stays a note.
        let others = failures.indices.filter { index in chosen.map { keys[index] != keys[$0] } ?? true }
        let byStatus = others.filter { Int(failures[$0].key) != nil }
        if let chosen {
            var error = payload(failures[chosen].value, role: .error, method: operation.method, name: operation.stem + "Error")
            let ranges = others.filter { Int(failures[$0].key) == nil }.map { failures[$0].key }
            if !ranges.isEmpty {
                error.notes.append("openapi: the body of a \(failures[chosen].key) response; \(ranges.joined(separator: ", ")) responses have another body"
                    + " (its bytes are kept in the thrown error)")
            }
            errors.append(error)
        }
        return (response, errors + byStatus.map { index in
            var part = payload(failures[index].value, role: .error, method: operation.method, name: operation.stem + "Error" + failures[index].key)
            part.status = Int(failures[index].key)
            return part
        })
    }

    /// The index of the error response whose body is the typed error (see `translateResponses`); `keys` tell
    /// the responses' bodies apart.
    private func preferredError(_ failures: [YAMLNode.Entry], keys: [String]) -> Int? {
        for range in ["4XX", "DEFAULT", "5XX"] {
            if let index = failures.firstIndex(where: { $0.key.uppercased() == range }) { return index }
        }
        let counts = Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +)
        return failures.indices.max { left, right in
            (counts[keys[left]] ?? 0, failures[right].key) < (counts[keys[right]] ?? 0, failures[left].key)
        }
    }

    /// What tells two error bodies apart: the schema's `$ref`, or its node when it is inline.
    private mutating func errorSchemaKey(_ entry: YAMLNode.Entry) -> String {
        guard let node = references.dereference(entry.value), let (_, _, media) = OpenAPIMediaType.preferred(node["content"]),
              let schema = media["schema"] else { return "" }
        return schema["$ref"]?.string ?? "@\(schema.offset)"
    }

    private mutating func payload(_ responseNode: YAMLNode, role: PartRole, method: MethodKeyword, name: String) -> ImportedPart {
        var part = ImportedPart(method: method, role: role, content: .fields([], bodyValue: nil))
        guard let response = references.dereference(responseNode) else {
            warn("cannot resolve the response's $ref; imported as an empty body", at: responseNode)
            return part
        }
        part.doc = doc(response)
        guard let (mediaName, kind, media) = OpenAPIMediaType.preferred(response["content"]) else { return part }
        // The schema of one event's data: OpenAPI 3.2's `itemSchema`, or `schema` as `httpidl export` writes it.
        let eventSchema = media["itemSchema"] ?? media["schema"]
        let isEventStream = role == .response && eventSchema != nil && mediaName.lowercased().hasPrefix("text/event-stream")
        let isRawString = media["schema"].flatMap { references.dereference($0) }.map {
            $0["type"]?.string == "string" && ["binary", "byte"].contains($0["format"]?.string ?? "") && mediaName.contains("*")
        } ?? false
        switch kind {
        case _ where isEventStream:
            part.isEventStream = true
            fallthrough
        case .json where !isRawString:
            guard let schema = isEventStream ? eventSchema : media["schema"] else {
                part.content = .single("ANY")
                return part
            }
            var scope = IdentifierScope()
            if let fields = inlineObjectFields(schema, name: name, placement: nil, context: .json, scope: &scope) {
                part.content = .fields(fields, bodyValue: nil)
            } else {
                let type = self.type(of: schema, name: name)
                part.notes += type.notes
                part.content = .single(type.text)
            }
        default:
            if mediaName.lowercased().hasPrefix("text/event-stream") {
                warn("a text/event-stream response without a schema for its events' data is returned whole as raw bytes (BLOB)", at: response["content"])
            }
            part.notes.append("openapi: \(mediaName) body returned as raw bytes")
            part.content = .single("BLOB")
        }
        return part
    }
}

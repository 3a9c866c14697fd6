import Foundation

/// Operations → messages: one `MESSAGE(OperationId)` per operation with its path, query, header and body
/// fields, the 2xx response and the first 4xx/5xx/`default` response with a JSON body as the typed error.
extension OpenAPITranslator {
    static let methods: [(String, MethodKeyword)] = [
        ("get", .get), ("put", .put), ("post", .post), ("delete", .delete), ("options", .options), ("head", .head),
        ("patch", .patch), ("trace", .trace),
    ]

    mutating func collectOperations() -> [OpenAPIOperation] {
        var operations: [OpenAPIOperation] = []
        var requestNames: Set<String> = []
        for pathEntry in root["paths"]?.entries ?? [] {
            guard let item = references.dereference(pathEntry.value), item.isMapping else {
                warn("path item '\(pathEntry.key)' is not a mapping (or its $ref cannot be resolved); skipped", at: pathEntry.value)
                continue
            }
            for entry in item.entries {
                guard let method = Self.methods.first(where: { $0.0 == entry.key })?.1 else { continue }
                guard entry.value.isMapping else {
                    warn("operation '\(entry.key) \(pathEntry.key)' is not a mapping; skipped", at: entry.value)
                    continue
                }
                var base = entry.value["operationId"]?.string.map(Naming.upperCamel) ?? ""
                // `GetCustomersSearch` on GET: the method starts the type names already (`GetCustomersSearchRequest`).
                if base.hasPrefix(method.typePrefix), let next = base.dropFirst(method.typePrefix.count).first, next.isUppercase {
                    base.removeFirst(method.typePrefix.count)
                }
                if let exported = entry.value["x-httpidl-message"]?.string {
                    base = Identifier.isValid(exported) ? exported.prefix(1).uppercased() + exported.dropFirst() : Naming.upperCamel(exported)
                }
                if base.isEmpty { base = pathEntry.key.split(separator: "/").map { Naming.upperCamel(String($0)) }.joined() }
                if base.isEmpty { base = "Root" }
                if let first = base.unicodeScalars.first, ("0"..."9").contains(first) { base = "Op" + base }
                var stem = base
                var counter = 2
                while requestNames.contains(method.typePrefix + stem) || Self.reservedTypeNames.contains(method.typePrefix + stem + "Request") {
                    stem = base + String(counter)
                    counter += 1
                }
                requestNames.insert(method.typePrefix + stem)
                operations.append(OpenAPIOperation(path: pathEntry.key, pathItem: item, method: method, node: entry.value, stem: stem))
            }
        }
        return operations
    }

    mutating func translate(_ operation: OpenAPIOperation) {
        var scope = IdentifierScope()
        var notes: [String] = []
        let (uri, pathIdentifiers, fixedQuery) = buildURI(operation, scope: &scope)
        var fields = parameterFields(operation, pathIdentifiers: pathIdentifiers, scope: &scope, notes: &notes)
        fields += fixedQuery.filter { fixed in !fields.contains { $0.placement?.hasPrefix("QUERY") == true && $0.key == fixed.key } }
        var request = ImportedPart(method: operation.method, role: .request, content: .fields([], bodyValue: nil))
        request.notes = notes
        var bodyValue: String?
        if let requestBody = operation.node["requestBody"] {
            if let body = references.dereference(requestBody), let note = unsentBodyNote(body, method: operation.method) {
                request.notes.append(note)
            } else if let body = references.dereference(requestBody) {
                let (encoding, bodyFields, value, bodyNotes) = translateRequestBody(body, operation: operation, scope: &scope)
                request.encoding = encoding
                fields += bodyFields
                bodyValue = value
                request.notes += bodyNotes
            } else {
                warn("cannot resolve the request body's $ref; the body is not imported", at: requestBody)
            }
        }
        if isExport {
            // An export states where each field stood (`x-httpidl-position`); keep that order.
            let order = fields.enumerated().map { index, field in (field.position ?? Int.max, index) }
            fields = zip(order, fields).sorted { $0.0 < $1.0 }.map(\.1)
        }
        request.content = .fields(fields, bodyValue: bodyValue)
        var doc = doc(operation.node, ["summary", "description"])
        if operation.node["deprecated"]?.bool == true { doc.append("Deprecated.") }
        request.doc = doc
        var parts = [request]
        let (response, errors) = translateResponses(operation)
        parts.append(response)
        parts += errors
        addMessage(operation, uri: uri, parts: parts)
    }

    /// Why a request body is not imported: a GET, HEAD or TRACE request cannot send one (a required body with fields
    /// is a warning too), and an empty one is dropped on the other methods that send their fields in the query.
    /// An httpidl export keeps what its `.http` said.
    private mutating func unsentBodyNote(_ body: YAMLNode, method: MethodKeyword) -> String? {
        guard !isExport else { return nil }
        let isEmpty = (body["content"]?.entries ?? []).allSatisfy { entry in
            guard let schema = entry.value["schema"].flatMap({ references.dereference($0) }) else { return true }
            return schema["properties"].map { $0.entries.isEmpty } ?? (schema["type"]?.string == "object" && schema["allOf"] == nil
                && schema["oneOf"] == nil && schema["anyOf"] == nil && schema["additionalProperties"] == nil)
        }
        let cannotSend = [.get, .head, .trace].contains(method)
        guard cannotSend || (method.sendsFieldsInQuery && isEmpty) else { return nil }
        let required = body["required"]?.bool == true
        if cannotSend, required, !isEmpty {
            warn("a \(method.rawValue) request cannot send the spec's required request body; it is not imported", at: body)
        }
        return "openapi: the spec's \(isEmpty ? "empty " : "")\(required ? "required" : "optional") request body is not sent"
            + (cannotSend ? " (a \(method.rawValue) request has none)" : "")
    }

    /// Appends the message of `operation`; operations of one path exported from one MESSAGE
    /// (`x-httpidl-message`) become one MESSAGE again.
    private mutating func addMessage(_ operation: OpenAPIOperation, uri: String, parts: [ImportedPart]) {
        let lastMessage = declarations.lastIndex { if case .message = $0 { true } else { false } }
        if operation.node["x-httpidl-message"] != nil, let lastMessage,
           case .message(let name, let previousURI, let doc, let notes, let previous) = declarations[lastMessage],
           name == operation.stem, previousURI == uri, !previous.contains(where: { $0.method == operation.method }) {
            redeclare(.message(name: name, uri: uri, doc: doc, notes: notes, parts: previous + parts), at: lastMessage)
        } else {
            declare(.message(name: operation.stem, uri: uri, doc: [], notes: [], parts: parts))
        }
    }

    /// The fields of the operation's path, query and header parameters; a cookie parameter is noted in `notes`.
    private mutating func parameterFields(_ operation: OpenAPIOperation, pathIdentifiers: [String: String], scope: inout IdentifierScope,
                                          notes: inout [String]) -> [ImportedField] {
        var fields: [ImportedField] = []
        for parameter in parameters(of: operation) {
            guard let name = parameter["name"]?.scalarText, let location = parameter["in"]?.string else {
                warn("a parameter needs 'name' and 'in'; skipped", at: parameter)
                continue
            }
            guard var field = parameterField(parameter, name: name, location: location, operation: operation, pathIdentifiers: pathIdentifiers,
                                             scope: &scope, notes: &notes) else { continue }
            if case .integer(let text)? = parameter["x-httpidl-position"]?.value { field.position = Int(text) }
            fields.append(field)
        }
        return fields
    }

    /// The field of one parameter named `name` in `location` (`nil` when it is not imported).
    private mutating func parameterField(_ parameter: YAMLNode, name: String, location: String, operation: OpenAPIOperation,
                                         pathIdentifiers: [String: String], scope: inout IdentifierScope, notes: inout [String]) -> ImportedField? {
        var type = parameterType(parameter, name: operation.stem + Naming.upperCamel(name))
        var doc = doc(parameter)
        if parameter["deprecated"]?.bool == true { doc.append("Deprecated.") }
        switch location {
        case "path":
            guard let identifier = pathIdentifiers[name] else {
                warn("path parameter '\(name)' does not appear in the path '\(operation.path)'; skipped", at: parameter)
                return nil
            }
            if !isStringConvertible(type.text) {
                warn("path parameter '\(name)' of type \(type.text) is imported as STRING", at: parameter)
                type = SchemaType(text: "STRING")
            }
            return ImportedField(doc: doc, notes: type.notes, placement: "PATH", type: type.text, name: identifier)
        case "query":
            if type.text.hasPrefix("ARRAY<FILE") || type.text.hasPrefix("ARRAY<BLOB") || type.text == "FILE" || type.text == "BLOB" {
                type = SchemaType(text: "STRING")
            }
            let style = queryStyle(parameter, type: type.text)
            return valueField(parameter, name: name, placement: style.map { "QUERY(\($0))" } ?? "QUERY", type: type, doc: doc, scope: &scope)
        case "header":
            if !isExport, ["accept", "content-type", "authorization"].contains(name.lowercased()) { return nil }
            if !isStringConvertible(type.text) || type.text == "DATE" {
                warn("header parameter '\(name)' of type \(type.text) is imported as STRING", at: parameter)
                type = SchemaType(text: "STRING")
            }
            return valueField(parameter, name: name, placement: "HEADER", type: type, doc: doc, scope: &scope)
        case "cookie":
            warn("cookie parameter '\(name)' is not imported: a request's cookies come from the client's cookie handling", at: parameter)
            notes.append("openapi: cookie parameter '\(name)' not imported")
            return nil
        default:
            warn("parameter '\(name)' has an unknown location '\(location)'; skipped", at: parameter["in"])
            return nil
        }
    }

    /// A query or header field: its own identifier, the parameter's name as the key, its default, required
    /// when the parameter is (and neither nullable nor defaulted).
    private func valueField(_ parameter: YAMLNode, name: String, placement: String, type: SchemaType, doc: [String],
                            scope: inout IdentifierScope) -> ImportedField {
        let defaultValue = type.nullable ? nil : defaultLiteral(parameter["schema"], type: type.text)
        return ImportedField(doc: doc, notes: type.notes, isRequired: parameter["required"]?.bool == true && !type.nullable && defaultValue == nil,
                             placement: placement, type: type.text,
                             name: scope.identifier(preferring: parameter["x-httpidl-name"]?.string, for: name), key: name,
                             defaultValue: defaultValue)
    }

    /// Path-level parameters overridden by operation-level ones (same `name` and `in`), references resolved.
    private mutating func parameters(of operation: OpenAPIOperation) -> [YAMLNode] {
        var result: [YAMLNode] = []
        for list in [operation.pathItem["parameters"], operation.node["parameters"]] {
            for item in list?.elements ?? [] {
                guard let parameter = references.dereference(item), parameter.isMapping else {
                    warn("cannot resolve parameter reference '\(item["$ref"]?.scalarText ?? "")'; skipped", at: item)
                    continue
                }
                let key = (parameter["name"]?.scalarText, parameter["in"]?.string)
                if let index = result.firstIndex(where: { ($0["name"]?.scalarText, $0["in"]?.string) == key }) {
                    result[index] = parameter
                } else {
                    result.append(parameter)
                }
            }
        }
        return result
    }

    private mutating func parameterType(_ parameter: YAMLNode, name: String) -> SchemaType {
        if let schema = parameter["schema"] { return type(of: schema, name: name) }
        if parameter["content"] != nil {
            warn("a parameter described by 'content' (a serialized body) is imported as STRING", at: parameter["content"])
        }
        return SchemaType(text: "STRING")
    }

    func isStringConvertible(_ type: String) -> Bool {
        if enumNames.contains(type) { return true }
        guard let scalar = ScalarType(rawValue: type) else { return false }
        return ![.file, .blob, .any].contains(scalar)
    }

    /// `style`/`explode` of an array or object query parameter as a `QUERY(STYLE)` (each parameter keeps its own).
    private mutating func queryStyle(_ parameter: YAMLNode, type: String) -> String? {
        let style = parameter["style"]?.string ?? "form"
        let explode = parameter["explode"]?.bool ?? (style == "form")
        let isArray = type.hasPrefix("ARRAY<")
        let isObject = type.hasPrefix("DICT<") || (!isArray && ScalarType(rawValue: type) == nil && !enumNames.contains(type))
        guard isArray || isObject else { return nil }
        let wanted: String
        let exported = parameter["x-httpidl-query-style"]?.string
        if exported == "default" { return nil }
        switch (isArray, style, explode) {
        case _ where exported.flatMap(QueryStyle.init(rawValue:)).map { $0.isArrayStyle == isArray } == true:
            wanted = exported ?? ""
        case (true, "form", true): wanted = "REPEATED"
        case (true, "form", false): wanted = "COMMA"
        case (true, "spaceDelimited", false): wanted = "SPACE"
        case (true, "pipeDelimited", false): wanted = "PIPE"
        case (true, "spaceDelimited", true), (true, "pipeDelimited", true): wanted = "REPEATED"
        case (true, "deepObject", _): wanted = "BRACKETED"  // not in the style table; `expand[]=a&expand[]=b` is what such APIs parse
        case (false, "form", true): wanted = "FLATTENED"
        case (false, "deepObject", _): wanted = "BRACKETS"
        default:
            wanted = isArray ? "REPEATED" : "BRACKETS"
            warn("query style '\(style)'\(explode ? "" : " without explode") for \(isArray ? "an array" : "an object") is not supported; using \(wanted)",
                 at: parameter["style"] ?? parameter)
        }
        return wanted
    }
}

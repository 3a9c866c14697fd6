/// `.http` → OpenAPI 3.1 JSON: structs and enums become component schemas, each endpoint an operation with
/// its parameters (query styles as `style`/`explode`), request body, response and `default` error response.
///
/// What OpenAPI has no word for is kept in `x-httpidl-*` extensions (the IDL names of fields and parameters,
/// the message an endpoint belongs to, query styles without an OpenAPI equivalent) and `x-enum-varnames`,
/// so importing the export generates the same Swift. Still lost: `DEFAULT` values (exported as `default`,
/// imported as optional fields), `EXTERN` types (exported as any value), `BINARY { BLOB; }` (imported as FILE).
/// Not exported at all: `WEBSOCKET`s (OpenAPI has no WebSocket; `omissions` names them).
public enum OpenAPIExporter {
    /// The OpenAPI document for a validated model, to publish an API written in `.http` to tools that read
    /// OpenAPI (documentation sites, other languages' generators, contract tests).
    ///
    /// Export the model of a run without errors: a model from a failed run holds only what could be checked.
    /// - Parameters:
    ///   - model: ``HTTPIDLCompiler/Result/model`` of a successful run.
    ///   - title: The document's `info.title`.
    ///   - version: The document's `info.version` (the API's version, not OpenAPI's); `1.0.0` by default.
    /// - Returns: OpenAPI 3.1 as JSON text, deterministic for the same model. Call ``omissions(_:)`` to learn
    ///   what it could not include.
    public static func export(_ model: ValidatedModel, title: String, version: String = "1.0.0") -> String {
        var enums: [String: ModelEnum] = [:]
        for file in model.files {
            for case .enumeration(let enumeration) in file.declarations { enums[enumeration.name] = enumeration }
        }
        var schemas: [(String, YAMLNode)] = []
        var paths: [(String, [(String, YAMLNode)])] = []
        for file in model.files {
            for declaration in file.declarations {
                switch declaration {
                case .structure(let structure):
                    schemas.append((structure.name, objectSchema(structure.fields, doc: structure.doc, enums: enums)))
                case .enumeration(let enumeration):
                    schemas.append((enumeration.name, enumSchema(enumeration)))
                case .union(let union):
                    var entries: [(String, YAMLNode)] = []
                    if !union.doc.isEmpty { entries.append(("description", .text(union.doc.joined(separator: "\n")))) }
                    entries.append(("oneOf", .array(union.cases.map { schema($0.type) })))
                    if let property = union.discriminator {
                        let mapping = union.cases.map { ($0.tag ?? $0.swiftName, schema($0.type)["$ref"] ?? .text("")) }
                        entries.append(("discriminator", .object([("propertyName", .text(property)), ("mapping", .object(mapping))])))
                    }
                    schemas.append((union.name, .object(entries)))
                case .message(let message):
                    for endpoint in message.endpoints where endpoint.webSocket == nil {
                        let (template, operation) = self.operation(endpoint, message: message, enums: enums)
                        if let index = paths.firstIndex(where: { $0.0 == template }) {
                            paths[index].1.append((endpoint.method.memberName, operation))
                        } else {
                            paths.append((template, [(endpoint.method.memberName, operation)]))
                        }
                    }
                }
            }
        }
        var document: [(String, YAMLNode)] = [
            ("openapi", .text("3.1.0")),
            ("x-httpidl", .text("exported by httpidl; x-httpidl-* keep what OpenAPI cannot say")),
            ("info", .object([("title", .text(title)), ("version", .text(version))])),
            ("paths", .object(paths.map { ($0.0, .object($0.1)) })),
        ]
        if !schemas.isEmpty { document.append(("components", .object([("schemas", .object(schemas))]))) }
        return JSONWriter.write(.object(document))
    }

    /// What `export` leaves out, one warning each (`chat.http: warning: …`): the WebSockets, which OpenAPI
    /// cannot describe. Print them so a user does not assume the exported document covers the whole API;
    /// empty when nothing was left out.
    public static func omissions(_ model: ValidatedModel) -> [String] {
        model.files.flatMap { file in
            file.declarations.flatMap { declaration -> [String] in
                guard case .message(let message) = declaration else { return [] }
                return message.endpoints.filter { $0.webSocket != nil }.map {
                    "\(file.sourceName): warning: WEBSOCKET \(message.uri) (\($0.requestTypeName)) is not exported: OpenAPI has no WebSocket"
                }
            }
        }
    }

    static func schema(_ type: ModelType) -> YAMLNode {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .int32: return .object([("type", .text("integer")), ("format", .text("int32"))])
            case .uint32: return .object([("type", .text("integer")), ("format", .text("uint32"))])
            case .int64: return .object([("type", .text("integer")), ("format", .text("int64"))])
            case .uint64: return .object([("type", .text("integer")), ("format", .text("uint64"))])
            case .int: return .object([("type", .text("integer"))])
            case .bool: return .object([("type", .text("boolean"))])
            case .double: return .object([("type", .text("number")), ("format", .text("double"))])
            case .float: return .object([("type", .text("number")), ("format", .text("float"))])
            case .string: return .object([("type", .text("string"))])
            case .file: return .object([("type", .text("string")), ("format", .text("binary"))])
            case .blob: return .object([("type", .text("string")), ("format", .text("byte"))])
            case .date: return .object([("type", .text("string")), ("format", .text("date-time"))])
            case .any: return .object([])
            case .uuid: return .object([("type", .text("string")), ("format", .text("uuid"))])
            case .url: return .object([("type", .text("string")), ("format", .text("uri"))])
            }
        case .array(let element):
            return .object([("type", .text("array")), ("items", schema(element))])
        case .dictionary(let key, let value):
            var entries: [(String, YAMLNode)] = [("type", .text("object")), ("additionalProperties", schema(value))]
            if case .scalar(let scalar) = key, scalar != .string { entries.append(("x-httpidl-key", .text(scalar.rawValue))) }
            return .object(entries)
        case .structure(let name), .enumeration(let name, _):
            return .object([("$ref", .text("#/components/schemas/\(name)"))])
        case .external(let name):
            return .object([("x-httpidl-extern", .text(name))])
        }
    }

    /// A property or parameter schema with its documentation and IDL name; a `NULLABLE` field's is
    /// `oneOf: [schema, {type: null}]`.
    static func fieldSchema(_ field: ModelField, enums: [String: ModelEnum]) -> YAMLNode {
        var entries = field.isNullable ? [("oneOf", YAMLNode.array([schema(field.type), .object([("type", .text("null"))])]))]
            : schema(field.type).entries.map { ($0.key, $0.value) }
        if !field.doc.isEmpty { entries.append(("description", .text(field.doc.joined(separator: "\n")))) }
        if let value = field.defaultValue { entries.append(("default", defaultValue(value, type: field.type, enums: enums))) }
        if field.direction != .both { entries.append((field.direction == .readOnly ? "readOnly" : "writeOnly", .flag(true))) }
        if field.idlName != field.wireKey { entries.append(("x-httpidl-name", .text(field.idlName))) }
        return .object(entries)
    }

    static func objectSchema(_ fields: [ModelField], doc: [String], enums: [String: ModelEnum]) -> YAMLNode {
        var entries: [(String, YAMLNode)] = [("type", .text("object"))]
        if !doc.isEmpty { entries.append(("description", .text(doc.joined(separator: "\n")))) }
        if fields.isEmpty { entries.append(("additionalProperties", .flag(false))) }
        if !fields.isEmpty { entries.append(("properties", .object(fields.map { ($0.wireKey, fieldSchema($0, enums: enums)) }))) }
        let required = fields.filter { !$0.isOptional && $0.defaultValue == nil }.map { YAMLNode.text($0.wireKey) }
        if !required.isEmpty { entries.append(("required", .array(required))) }
        return .object(entries)
    }

    static func enumSchema(_ model: ModelEnum) -> YAMLNode {
        var entries: [(String, YAMLNode)] = []
        let values: [YAMLNode]
        if model.rawType == .string {
            entries.append(("type", .text("string")))
            values = model.cases.map { .text(swiftStringValue($0.rawLiteral)) }
        } else {
            entries += schema(.scalar(model.rawType)).entries.map { ($0.key, $0.value) }
            values = model.cases.map { .number($0.rawLiteral) }
        }
        if !model.doc.isEmpty { entries.append(("description", .text(model.doc.joined(separator: "\n")))) }
        entries.append(("enum", .array(values)))
        entries.append(("x-enum-varnames", .array(model.cases.map { .text($0.swiftName) })))
        if model.cases.contains(where: { !$0.doc.isEmpty }) {
            entries.append(("x-enum-descriptions", .array(model.cases.map { .text($0.doc.joined(separator: "\n")) })))
        }
        return .object(entries)
    }

    /// The value of a Swift string literal written by `Naming.stringLiteral`.
    static func swiftStringValue(_ literal: String) -> String {
        var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())[...]
        var result = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let code = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            switch code {
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                var hex = ""
                _ = scalars.popFirst()
                while let next = scalars.popFirst(), next != "}" { hex.unicodeScalars.append(next) }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { result.append(decoded) }
            default: result.append(code)
            }
        }
        return String(result)
    }

    static func defaultValue(_ value: ModelDefault, type: ModelType, enums: [String: ModelEnum]) -> YAMLNode {
        switch value {
        case .string(let text): .text(text)
        case .integer(let text): .number(text)
        case .float(let text): YAMLNode(.float(text), offset: 0)
        case .bool(let flag): .flag(flag)
        case .enumCase(let name):
            if case .enumeration(let enumName, let raw) = type, let item = enums[enumName]?.cases.first(where: { $0.swiftName == name }) {
                raw == .string ? .text(swiftStringValue(item.rawLiteral)) : .number(item.rawLiteral)
            } else {
                .text(name)
            }
        }
    }

    private static func operation(_ endpoint: ModelEndpoint, message: ModelMessage, enums: [String: ModelEnum]) -> (String, YAMLNode) {
        var stem = String(endpoint.requestTypeName.dropFirst(endpoint.method.typePrefix.count))
        if stem.hasSuffix("Request") { stem.removeLast("Request".count) }
        var entries: [(String, YAMLNode)] = [
            ("operationId", .text(Naming.lowerCamel(endpoint.method.typePrefix + stem))),
            ("x-httpidl-message", .text(stem)),
        ]
        let doc = endpoint.requestDoc.isEmpty ? message.doc : endpoint.requestDoc
        if !doc.isEmpty { entries.append(("description", .text(doc.joined(separator: "\n")))) }
        let positions = Dictionary(endpoint.requestFields.enumerated().map { ($1.swiftName, $0) }, uniquingKeysWith: { first, _ in first })
        let parameters = endpoint.requestFields.filter { $0.placement != .body }.map { field in
            parameter(field, endpoint: endpoint, position: positions[field.swiftName] ?? 0, enums: enums)
        }
        if !parameters.isEmpty { entries.append(("parameters", .array(parameters))) }
        if let body = requestBody(endpoint, positions: positions, enums: enums) { entries.append(("requestBody", body)) }
        var responses: [(String, YAMLNode)] = [("200", response(endpoint.response, doc: endpoint.responseDoc, enums: enums,
                                                                 mediaType: endpoint.isEventStream ? "text/event-stream" : "application/json"))]
        responses += endpoint.statusErrors.map { ("\($0.status)", response($0.payload, doc: $0.doc, enums: enums)) }
        if let error = endpoint.error { responses.append(("default", response(error, doc: endpoint.errorDoc, enums: enums))) }
        entries.append(("responses", .object(responses)))
        return (pathTemplate(endpoint), .object(entries))
    }

    /// The OpenAPI path of an endpoint: its route text with `{name}` for each parameter.
    private static func pathTemplate(_ endpoint: ModelEndpoint) -> String {
        var template = ""
        for piece in endpoint.path {
            switch piece {
            case .literal(let text): template += text
            case .parameter(let swiftName, _):
                let name = endpoint.requestFields.first { $0.placement == .path && $0.swiftName == swiftName }?.idlName ?? swiftName
                template += "{\(name)}"
            }
        }
        return template
    }

    /// The parameter object of a path, query or header field; `position` is where it stands among the request's fields.
    private static func parameter(_ field: ModelField, endpoint: ModelEndpoint, position: Int, enums: [String: ModelEnum]) -> YAMLNode {
        var parameter: [(String, YAMLNode)] = [
            ("name", .text(field.placement == .path ? field.idlName : field.wireKey)),
            ("in", .text(field.placement.rawValue)),
            ("required", .flag(!field.isOptional)),
        ]
        if !field.doc.isEmpty { parameter.append(("description", .text(field.doc.joined(separator: "\n")))) }
        if field.placement != .path, field.idlName != field.wireKey { parameter.append(("x-httpidl-name", .text(field.idlName))) }
        parameter.append(("schema", fieldSchema(field, enums: enums).removingDescription))
        if field.placement == .query { parameter += queryStyle(field, endpoint: endpoint) }
        parameter.append(("x-httpidl-position", .number(String(position))))
        return .object(parameter)
    }

    /// The request body object of an endpoint that has a body: its media type and schema; each named body field
    /// states where it stands among the request's fields (`positions`, so an import keeps the initializer's order).
    private static func requestBody(_ endpoint: ModelEndpoint, positions: [String: Int], enums: [String: ModelEnum]) -> YAMLNode? {
        guard let encoding = endpoint.bodyEncoding else { return nil }
        let bodyFields = endpoint.requestFields.filter { $0.placement == .body }
        var schema = endpoint.singleBody.map(self.schema) ?? objectSchema(bodyFields, doc: [], enums: enums)
        if endpoint.singleBody == nil, let properties = schema["properties"] {
            let placed = properties.entries.map { entry -> (String, YAMLNode) in
                let field = bodyFields.first { $0.wireKey == entry.key }
                let position = YAMLNode.number(String(field.flatMap { positions[$0.swiftName] } ?? 0))
                return (entry.key, .object(entry.value.entries.map { ($0.key, $0.value) } + [("x-httpidl-position", position)]))
            }
            schema = .object(schema.entries.map { $0.key == "properties" ? ($0.key, .object(placed)) : ($0.key, $0.value) })
        }
        let mediaType = switch encoding {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .multipart: "multipart/form-data"
        case .binary: "application/octet-stream"
        }
        var binaryEntries: [(String, YAMLNode)] = [("type", .text("string")), ("format", .text("binary"))]
        if endpoint.singleBody == .scalar(.blob) { binaryEntries.append(("x-httpidl-type", .text("BLOB"))) }
        let binarySchema: YAMLNode = .object(binaryEntries)
        return .object([
            ("required", .flag(true)),
            ("content", .object([(mediaType, .object([("schema", encoding == .binary ? binarySchema : schema)]))])),
        ])
    }

    /// `style`/`explode` for the query strategies OpenAPI has; `x-httpidl-query-style` for the others.
    private static func queryStyle(_ field: ModelField, endpoint: ModelEndpoint) -> [(String, YAMLNode)] {
        switch field.type {
        case .array, .structure, .dictionary: break
        default: return []
        }
        switch endpoint.queryStyle(of: field) {
        case .repeated?, .flattened?: return [("style", .text("form")), ("explode", .flag(true))]
        case .comma?: return [("style", .text("form")), ("explode", .flag(false))]
        case .pipe?: return [("style", .text("pipeDelimited")), ("explode", .flag(false))]
        case .space?: return [("style", .text("spaceDelimited")), ("explode", .flag(false))]
        case .brackets?: return [("style", .text("deepObject")), ("explode", .flag(true))]
        case let other?: return [("x-httpidl-query-style", .text(other.rawValue))]
        case nil: return [("x-httpidl-query-style", .text("default"))]
        }
    }

    /// A response object; `mediaType` is the content type of a JSON body (`text/event-stream` for `RESPONSE EVENTS`,
    /// whose schema is then that of one event's data).
    private static func response(_ payload: ModelPayload, doc: [String], enums: [String: ModelEnum],
                                 mediaType: String = "application/json") -> YAMLNode {
        var entries: [(String, YAMLNode)] = [("description", .text(doc.joined(separator: "\n")))]
        switch payload {
        case .empty:
            break
        case .single(let type) where type == .scalar(.file) || type == .scalar(.blob):
            entries.append(("content", .object([("application/octet-stream",
                                                 .object([("schema", .object([("type", .text("string")), ("format", .text("binary"))]))]))])))
        case .single(let type):
            entries.append(("content", .object([(mediaType, .object([("schema", schema(type))]))])))
        case .fields(let fields):
            entries.append(("content", .object([(mediaType, .object([("schema", objectSchema(fields, doc: [], enums: enums))]))])))
        }
        return .object(entries)
    }
}

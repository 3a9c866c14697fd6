/// Schemas → IDL types: objects become `STRUCT`s (allOf merged), string and integer enums `ENUM`s (with the
/// unknown-value fallback), maps `DICT<STRING, T>`, arrays `ARRAY<T>`, formats the matching scalars;
/// `$ref`s to a component name its type (recursion included). `oneOf`/`anyOf` with several non-null
/// variants become `ANY` (a `JSONValue`) with a warning.
extension OpenAPITranslator {
    /// Where a schema is used: JSON (binary strings are base64 `BLOB`s) or a multipart part (`FILE`).
    enum SchemaContext { case json, multipart }

    static let maximumSchemaDepth = 48

    /// The type of a schema or reference; inline objects and enums are declared as `name`.
    mutating func type(of schema: YAMLNode, name: String, context: SchemaContext = .json) -> SchemaType {
        schemaDepth += 1
        defer { schemaDepth -= 1 }
        guard schemaDepth < Self.maximumSchemaDepth else {
            warn("schemas nest deeper than \(Self.maximumSchemaDepth) levels; the inner schema is imported as ANY", at: schema)
            return .any
        }
        guard let reference = schema["$ref"] else {
            return structuralType(of: schema, name: name, context: context, registering: nil)
        }
        guard let text = reference.string, let target = references.resolve(text) else {
            warn("cannot resolve $ref '\(reference.scalarText ?? "")' (only references inside this document are followed); imported as ANY",
                 at: reference)
            return .any
        }
        let targetName = componentNames[target.offset]
            ?? text.split(separator: "/").last.map(String.init).map { $0.split(separator: "#").last.map(String.init) ?? $0 } ?? name
        var result = namedType(targetName, schema: target, context: context)
        if isNullable(schema) { result.nullable = true }
        return result
    }

    /// A component schema or reference target: translated once, by its node.
    mutating func componentType(_ name: String, schema: YAMLNode) -> SchemaType {
        namedType(name, schema: schema, context: .json)
    }

    private mutating func namedType(_ name: String, schema: YAMLNode, context: SchemaContext) -> SchemaType {
        if let known = namedTypes[schema.offset] { return SchemaType(text: known, nullable: isNullable(schema)) }
        namedTypes[schema.offset] = "ANY"  // a reference cycle through non-struct schemas ends here
        let sentBefore = sendsNull
        sendsNull = requestSchemas.contains(schema.offset)
        defer { sendsNull = sentBefore }
        let result = structuralType(of: schema, name: name, context: context, registering: schema.offset)
        namedTypes[schema.offset] = result.text
        return result
    }

    func isNullable(_ schema: YAMLNode) -> Bool {
        if schema["nullable"]?.bool == true { return true }
        return schema["type"]?.elements.contains { $0.string == "null" } == true
    }

    private func isNullSchema(_ schema: YAMLNode) -> Bool {
        schema["type"]?.string == "null" || (schema["type"]?.elements.map(\.string) == ["null"])
    }

    /// The schema itself (not a reference). `registering` is the node whose type name must be known before the
    /// fields are translated, so a struct can refer to itself.
    private mutating func structuralType(of schema: YAMLNode, name: String, context: SchemaContext, registering: Int?) -> SchemaType {
        if schema["$ref"] != nil { return type(of: schema, name: name, context: context) }
        if let flag = schema.bool { return flag ? .any : SchemaType(text: "ANY", notes: ["openapi: the schema 'false' allows no value"]) }
        guard schema.isMapping else {
            warn("a schema must be a mapping; imported as ANY", at: schema)
            return .any
        }
        if let extern = schema["x-httpidl-extern"]?.string, Identifier.isValid(extern) {
            if externNames.insert(extern).inserted {
                usedTypeNames.insert(extern)
                declare(.external(name: extern))
            }
            return SchemaType(text: extern)
        }
        var nullable = isNullable(schema)
        var typeNames: [String] = []
        if let single = schema["type"]?.string { typeNames = [single] }
        for item in schema["type"]?.elements ?? [] { if let text = item.string { typeNames.append(text) } }
        typeNames.removeAll { $0 == "null" }

        if let result = allOfType(schema, name: name, context: context, registering: registering, nullable: nullable) { return result }
        if let result = variantType(schema, name: name, context: context, registering: registering, nullable: &nullable) { return result }
        if let result = enumType(schema, name: name, typeNames: typeNames, registering: registering, nullable: &nullable) { return result }
        if typeNames.count > 1 {
            warn("a schema with several types (\(typeNames.joined(separator: ", "))) is imported as ANY", at: schema["type"])
            return SchemaType(text: "ANY", nullable: nullable)
        }
        let kind = typeNames.first
            ?? (schema["properties"] != nil || schema["additionalProperties"] != nil ? "object" : schema["items"] != nil ? "array" : nil)
        var result = kind == "object" ? objectType(schema, name: name, registering: registering) : baseType(kind, schema: schema, name: name, context: context)
        result.nullable = result.nullable || nullable
        return result
    }

    /// `allOf`: one schema (with nothing beside it) is that schema; several are merged into one struct.
    private mutating func allOfType(_ schema: YAMLNode, name: String, context: SchemaContext, registering: Int?,
                                    nullable: Bool) -> SchemaType? {
        guard let parts = schema["allOf"]?.elements, !parts.isEmpty else { return nil }
        if parts.count == 1, schema["properties"] == nil {
            var result = type(of: parts[0], name: name, context: context)
            result.nullable = result.nullable || nullable
            return result
        }
        var properties: [YAMLNode.Entry] = []
        var required: Set<String> = []
        guard collectObject(schema, properties: &properties, required: &required, depth: 0) else {
            warn("allOf of schemas that are not all objects is imported as ANY", at: schema["allOf"])
            return SchemaType(text: "ANY", nullable: nullable, notes: ["openapi: allOf of non-object schemas imported as ANY"])
        }
        var result = declareStruct(name, properties: properties, required: required, doc: doc(schema), registering: registering)
        result.nullable = nullable
        return result
    }

    /// `oneOf`/`anyOf`: null variants make the type nullable; one other variant is that type, variants of one
    /// scalar type that scalar, any others a `UNION`.
    private mutating func variantType(_ schema: YAMLNode, name: String, context: SchemaContext, registering: Int?,
                                      nullable: inout Bool) -> SchemaType? {
        for key in ["oneOf", "anyOf"] {
            guard let variants = schema[key]?.elements, !variants.isEmpty else { continue }
            let resolved = variants.map { references.dereference($0) ?? $0 }
            let nonNull = zip(variants, resolved).filter { !isNullSchema($0.1) }.map(\.0)
            if nonNull.count < variants.count { nullable = true }
            if let result = constEnumType(nonNull, name: name, schema: schema, registering: registering) {
                return SchemaType(text: result, nullable: nullable)
            }
            if nonNull.count == 1 {
                var result = type(of: nonNull[0], name: name, context: context)
                result.nullable = result.nullable || nullable
                return result
            }
            if nonNull.isEmpty { return SchemaType(text: "ANY", nullable: true) }
            let scalarTypes = Set(nonNull.compactMap { (references.dereference($0) ?? $0)["type"]?.string })
            let plain = nonNull.allSatisfy { variant in
                let node = references.dereference(variant) ?? variant
                return node["properties"] == nil && node["enum"] == nil && node["items"] == nil && node["oneOf"] == nil
                    && node["anyOf"] == nil && node["allOf"] == nil
            }
            if plain, scalarTypes.count == 1, let only = scalarTypes.first, ["string", "integer", "number", "boolean"].contains(only) {
                var result = structuralType(of: YAMLNode(.mapping([YAMLNode.Entry(key: "type", keyOffset: schema.offset,
                                                                                   value: YAMLNode(.string(only), offset: schema.offset))]),
                                                         offset: schema.offset),
                                            name: name, context: context, registering: nil)
                result.nullable = nullable
                return result
            }
            return SchemaType(text: declareUnion(name, variants: nonNull, schema: schema, key: key, registering: registering),
                              nullable: nullable)
        }
        return nil
    }

    /// `oneOf` whose variants are all `const` strings (or all `const` integers), the 3.1 way of documenting each
    /// value: an `ENUM` whose cases carry the variants' `title`/`description` as docs.
    private mutating func constEnumType(_ variants: [YAMLNode], name: String, schema: YAMLNode, registering: Int?) -> String? {
        let resolved = variants.map { references.dereference($0) ?? $0 }
        let constants = resolved.compactMap { $0["const"] }
        guard !constants.isEmpty, constants.count == resolved.count else { return nil }
        let docs = resolved.map { variant in (variant["description"] ?? variant["title"])?.string ?? "" }
        let strings = constants.compactMap(\.string)
        if strings.count == constants.count {
            return declareEnum(name, raw: "STRING", literals: strings.map(Naming.stringLiteral), values: strings, names: nil,
                               caseDocs: docs, doc: doc(schema), registering: registering)
        }
        let integers = constants.compactMap { node -> String? in
            if case .integer(let text) = node.value, Int64(text) != nil { return text }
            return nil
        }
        guard integers.count == constants.count else { return nil }
        return declareEnum(name, raw: "INT64", literals: integers, values: integers, names: nil, caseDocs: docs, doc: doc(schema),
                           registering: registering)
    }

    /// `enum`: all strings or all integers become an `ENUM`; other values are warned about (`nil`: the base
    /// type follows).
    private mutating func enumType(_ schema: YAMLNode, name: String, typeNames: [String], registering: Int?,
                                   nullable: inout Bool) -> SchemaType? {
        guard let values = schema["enum"]?.elements, !values.isEmpty || schema["x-enum-varnames"] != nil else { return nil }
        let nonNull = values.filter { $0.value != .null }
        if nonNull.count < values.count { nullable = true }
        let strings = nonNull.compactMap(\.string)
        if strings.count == nonNull.count, !nonNull.isEmpty || typeNames == ["string"], typeNames.isEmpty || typeNames == ["string"] {
            return SchemaType(text: declareEnum(name, raw: "STRING", literals: strings.map(Naming.stringLiteral), values: strings,
                                                names: schema["x-enum-varnames"]?.elements.compactMap(\.string),
                                                caseDocs: schema["x-enum-descriptions"]?.elements.compactMap(\.string),
                                                doc: doc(schema), registering: registering),
                              nullable: nullable)
        }
        let integers = nonNull.compactMap { node -> String? in
            if case .integer(let text) = node.value, Int64(text) != nil { return text }
            return nil
        }
        if integers.count == nonNull.count, !nonNull.isEmpty || typeNames == ["integer"], typeNames.isEmpty || typeNames == ["integer"] {
            let raw = schema["format"]?.string == "int32" && integers.allSatisfy { Int32($0) != nil } ? "INT32" : "INT64"
            return SchemaType(text: declareEnum(name, raw: raw, literals: integers, values: integers,
                                                names: schema["x-enum-varnames"]?.elements.compactMap(\.string),
                                                caseDocs: schema["x-enum-descriptions"]?.elements.compactMap(\.string), doc: doc(schema),
                                                registering: registering),
                              nullable: nullable)
        }
        if typeNames != ["boolean"] {
            warn("an enum whose values are not all strings or all integers is imported as its base type", at: schema["enum"])
        }
        return nil
    }

    /// An object: named properties make a `STRUCT`, `additionalProperties` alone a `DICT`.
    private mutating func objectType(_ schema: YAMLNode, name: String, registering: Int?) -> SchemaType {
        let properties = schema["properties"]?.entries ?? []
        let additional = schema["additionalProperties"]
        if properties.isEmpty, additional?.bool == false {
            return declareStruct(name, properties: [], required: [], doc: doc(schema), registering: registering)
        } else if properties.isEmpty {
            let key = schema["x-httpidl-key"]?.string.flatMap(ScalarType.init(rawValue:)).map(\.rawValue) ?? "STRING"
            guard let additional, additional.isMapping, !additional.entries.isEmpty else { return SchemaType(text: "DICT<STRING, ANY>") }
            let value = type(of: additional, name: name + "Value", context: .json)
            return SchemaType(text: "DICT<\(key), \(value.nullable ? "ANY" : value.text)>", notes: value.notes)
        } else {
            if let additional, additional.isMapping || additional.bool == true {
                warn("additionalProperties next to properties are not imported; only the named properties are", at: additional)
            }
            return declareStruct(name, properties: properties, required: Set(schema["required"]?.elements.compactMap(\.string) ?? []),
                                 doc: doc(schema), registering: registering)
        }
    }

    /// An array or a scalar schema by its `type` and `format` (`ANY` without a type).
    private mutating func baseType(_ kind: String?, schema: YAMLNode, name: String, context: SchemaContext) -> SchemaType {
        let result: SchemaType
        switch kind {
        case "array":
            if let items = schema["items"] {
                let element = type(of: items, name: name + "Item", context: context)
                result = SchemaType(text: "ARRAY<\(element.nullable ? "ANY" : element.text)>", notes: element.notes)
            } else {
                result = SchemaType(text: "ARRAY<ANY>")
            }
        case "string":
            switch schema["format"]?.string {
            case "date-time": result = SchemaType(text: "DATE")
            case "uuid": result = SchemaType(text: "UUID")
            case "uri": result = SchemaType(text: "URL")
            case "binary": result = SchemaType(text: context == .multipart ? "FILE" : "BLOB")
            case "byte": result = SchemaType(text: "BLOB")
            default: result = SchemaType(text: "STRING")
            }
        case "integer":
            switch schema["format"]?.string {
            case "int32": result = SchemaType(text: "INT32")
            case "int64": result = SchemaType(text: "INT64")
            case "uint32": result = SchemaType(text: "UINT32")
            case "uint64": result = SchemaType(text: "UINT64")
            default: result = SchemaType(text: "INT")
            }
        case "number":
            result = SchemaType(text: schema["format"]?.string == "float" ? "FLOAT" : "DOUBLE")
        case "boolean":
            result = SchemaType(text: "BOOL")
        case nil:
            result = .any
        case let other?:
            warn("unknown schema type '\(other)'; imported as ANY", at: schema["type"])
            result = .any
        }
        return result
    }

    /// Properties and required names of an object schema and everything its `allOf` merges in; false when a
    /// part is not an object.
    private mutating func collectObject(_ schema: YAMLNode, properties: inout [YAMLNode.Entry], required: inout Set<String>,
                                        depth: Int) -> Bool {
        guard depth < Self.maximumSchemaDepth, let node = references.dereference(schema) else { return false }
        let type = node["type"]?.string
        let isObject = type == "object" || node["properties"] != nil || node["allOf"] != nil
            || (type == nil && node["additionalProperties"] != nil)
        guard isObject, node["oneOf"] == nil, node["anyOf"] == nil else { return false }
        for entry in node["properties"]?.entries ?? [] {
            if let index = properties.firstIndex(where: { $0.key == entry.key }) {
                properties[index] = entry
            } else {
                properties.append(entry)
            }
        }
        required.formUnion(node["required"]?.elements.compactMap(\.string) ?? [])
        for part in node["allOf"]?.elements ?? [] {
            guard collectObject(part, properties: &properties, required: &required, depth: depth + 1) else { return false }
        }
        return true
    }

    private mutating func declareStruct(_ name: String, properties: [YAMLNode.Entry], required: Set<String>, doc: [String],
                                        registering: Int?) -> SchemaType {
        let typeName = uniqueTypeName(name)
        if let registering { namedTypes[registering] = typeName }
        let slot = declare(.structure(name: typeName, doc: [], notes: [], fields: []))
        var scope = IdentifierScope()
        var fields: [ImportedField] = []
        for property in properties {
            let type = self.type(of: property.value, name: typeName + Naming.upperCamel(property.key))
            let resolved = references.dereference(property.value) ?? property.value
            let readOnly = (property.value["readOnly"] ?? resolved["readOnly"])?.bool == true
            let writeOnly = (property.value["writeOnly"] ?? resolved["writeOnly"])?.bool == true
            let doc = propertyDoc(property.value)
            let identifier = scope.identifier(preferring: property.value["x-httpidl-name"]?.string, for: property.key)
            let defaultValue = type.nullable ? nil : defaultLiteral(property.value, type: type.text)
            fields.append(ImportedField(doc: doc, notes: type.notes,
                                        isRequired: required.contains(property.key) && !type.nullable && !readOnly && !writeOnly
                                            && defaultValue == nil,
                                        isNullable: type.nullable && (sendsNull || isExport) && !readOnly,
                                        direction: readOnly ? "READONLY" : writeOnly ? "WRITEONLY" : nil,
                                        type: type.text, name: identifier, key: property.key, defaultValue: defaultValue))
        }
        redeclare(.structure(name: typeName, doc: doc, notes: [], fields: fields), at: slot)
        return SchemaType(text: typeName)
    }

    private mutating func declareEnum(_ name: String, raw: String, literals: [String], values: [String], names: [String]?,
                                      caseDocs: [String]? = nil, doc: [String], registering: Int?) -> String {
        let typeName = uniqueTypeName(name)
        if let registering { namedTypes[registering] = typeName }
        enumNames.insert(typeName)
        enumLiterals[typeName] = Set(literals)
        var scope = IdentifierScope()
        var seen: Set<String> = []
        var cases: [(name: String, literal: String, doc: [String])] = []
        let names = names?.count == values.count ? names : nil
        let docs = caseDocs?.count == values.count ? caseDocs : nil
        for (index, (value, literal)) in zip(values, literals).enumerated() where seen.insert(literal).inserted {
            let doc = docs?[index].split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
            cases.append((scope.identifier(preferring: names?[index], for: value, upperCase: true), literal, doc == [""] ? [] : doc))
        }
        declare(.enumeration(name: typeName, doc: doc, raw: raw, cases: cases))
        return typeName
    }
}

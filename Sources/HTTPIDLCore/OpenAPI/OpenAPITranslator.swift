import Foundation

/// Translates an OpenAPI 3.0/3.1 document (as `YAMLNode`s) into `.http` declarations, collecting a warning
/// that points at the spec's line for everything it cannot express exactly. Declarations come in a fixed
/// order (component schemas in document order, then one message per operation in document order, inline
/// types just before their first user), so the same spec always gives the same bytes.
struct OpenAPITranslator {
    let source: SourceFile
    var references: OpenAPIReferences
    /// The declarations written so far.
    private(set) var declarations: [ImportedDeclaration] = []
    /// Where in the spec each declaration comes from (its component schema or operation).
    private(set) var origins: [SpecLocation] = []
    /// The component schema or operation being translated.
    var currentOrigin = SpecLocation(pointer: "#", offset: 0)
    /// Warnings, in the order found.
    var diagnostics: [Diagnostic] = []
    /// Type names in use (declared types, generated request/response/error names, Swift and Courier names).
    var usedTypeNames: Set<String> = OpenAPITranslator.reservedTypeNames
    /// The IDL type of each component schema or reference target, by the node's offset.
    var namedTypes: [Int: String] = [:]
    /// Component schema names by the node's offset.
    var componentNames: [Int: String] = [:]
    /// The declared `ENUM` names (usable in paths and headers).
    var enumNames: Set<String> = []
    /// Whether the document is an httpidl export (`x-httpidl`): descriptions are kept whole, names verbatim,
    /// and every header parameter is kept.
    var isExport = false
    /// The raw-value literals of each declared `ENUM`.
    var enumLiterals: [String: Set<String>] = [:]
    /// `EXTERN` names declared so far.
    var externNames: Set<String> = []
    /// The component schemas a request body uses (`requestBodySchemas`), by node offset.
    var requestSchemas: Set<Int> = []
    /// Whether the struct being declared is sent in a request (its nullable properties are `NULLABLE`).
    var sendsNull = false
    /// Nesting of schema translation (inline schemas can nest without bound in a hostile spec).
    var schemaDepth = 0

    /// Names the generated Swift uses besides the declared types; a schema may not take them.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int32", "Int64", "UInt32", "UInt64", "Bool", "Double", "Float", "URL", "Data", "Date", "UUID",
        "JSONValue", "EmptyResponse", "HTTPMethod", "EndpointPath", "RequestBody", "HTTPHeaders", "APIDefinition",
        "URLQueryEncoder", "MultipartFormData", "DataResponseDecoder", "ResponseDecoder", "Codable", "Encodable",
        "Decodable", "Sendable", "Equatable", "Hashable", "Error", "Type", "Self", "Any", "Optional", "Array",
        "Dictionary", "Set", "Result", "HTTPIDLIndirect", "Query", "Body", "HTTPIDLRequestFields", "StatusErrorBody", "CodingKeys", "Foundation", "Courier",
        "Character", "Never", "Void", "Decoder", "Encoder", "CodingKey", "RawRepresentable", "Protocol", "Nullable",
        "HTTPIDLCodingKey",
    ]

    init(source: SourceFile, root: YAMLNode) {
        self.source = source
        self.references = OpenAPIReferences(root: root)
    }

    var root: YAMLNode { references.root }

    mutating func warn(_ message: String, at node: YAMLNode?) {
        let offset = node?.offset ?? 0
        diagnostics.append(Diagnostic(.warning, message, at: SourceRange(start: offset, end: offset + 1), in: source))
    }

    /// The whole document.
    mutating func translate() {
        guard root.isMapping else {
            warn("not an OpenAPI document: the top level is not a mapping", at: root)
            return
        }
        let version = root["openapi"]?.scalarText ?? ""
        if !version.hasPrefix("3.") {
            warn(root["swagger"] != nil ? "Swagger 2.0 is not supported; convert the document to OpenAPI 3" :
                    "no 'openapi: 3.x' version; reading it as OpenAPI 3.1", at: root["openapi"] ?? root["swagger"] ?? root)
        }
        isExport = root["x-httpidl"] != nil
        let operations = collectOperations()
        for operation in operations {
            for role in ["Request", "Response", "Error"] {
                usedTypeNames.insert(operation.method.typePrefix + operation.stem + role)
            }
        }
        for entry in root["components"]?["schemas"]?.entries ?? [] {
            componentNames[entry.value.offset] = entry.key
        }
        requestSchemas = requestBodySchemas(operations)
        for entry in root["components"]?["schemas"]?.entries ?? [] {
            currentOrigin = SpecLocation(pointer: SpecLocation.pointer(["components", "schemas", entry.key]), offset: entry.value.offset)
            _ = componentType(entry.key, schema: entry.value)
        }
        for operation in operations {
            currentOrigin = SpecLocation(pointer: SpecLocation.pointer(["paths", operation.path, operation.method.rawValue.lowercased()]),
                                         offset: operation.node.offset)
            translate(operation)
        }
        if root["webhooks"] != nil {
            warn("webhooks are not imported (they describe requests the server sends, not endpoints to call)", at: root["webhooks"])
        }
    }

    /// Appends a declaration made for `currentOrigin`; returns its index.
    @discardableResult
    mutating func declare(_ declaration: ImportedDeclaration) -> Int {
        declarations.append(declaration)
        origins.append(currentOrigin)
        return declarations.count - 1
    }

    /// Replaces the declaration at `index` (a struct or union filled in after its name was reserved, a message
    /// that gains a method).
    mutating func redeclare(_ declaration: ImportedDeclaration, at index: Int) {
        declarations[index] = declaration
    }

    /// A fresh type name from `base`: UpperCamelCase, an identifier, not taken.
    mutating func uniqueTypeName(_ base: String) -> String {
        var stem = Naming.upperCamel(base)
        if stem.isEmpty { stem = "Model" }
        if let first = stem.unicodeScalars.first, ("0"..."9").contains(first) { stem = "Model" + stem }
        var name = stem
        var counter = 2
        while usedTypeNames.contains(name) || Naming.swiftKeywords.contains(name) || ScalarType(rawValue: name) != nil {
            name = stem + String(counter)
            counter += 1
        }
        usedTypeNames.insert(name)
        return name
    }

    /// The first paragraph of a `description` (or `summary`), trimmed, as doc lines (all of it in an export).
    func doc(_ node: YAMLNode?, _ keys: [String] = ["description"]) -> [String] {
        for key in keys {
            guard let text = node?[key]?.string else { continue }
            if isExport { return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            var lines: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
                if trimmed.isEmpty {
                    if lines.isEmpty { continue }
                    break
                }
                lines.append(trimmed)
            }
            if !lines.isEmpty { return lines }
        }
        return []
    }

    /// The doc of a property or parameter; a foreign spec falls back to the referenced schema's description.
    mutating func propertyDoc(_ node: YAMLNode) -> [String] {
        let own = doc(node)
        if !own.isEmpty || isExport { return own }
        return references.dereference(node).map { doc($0) } ?? []
    }
}

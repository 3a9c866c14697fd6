/// `STRUCT` and field checks, and recursion analysis (which fields need indirect storage).
extension SemanticAnalyzer {
    // MARK: - Structs and fields

    /// A struct field, for recursion analysis.
    struct FieldKey: Hashable {
        let structName: String
        let fieldName: String
    }

    /// Fields whose (non-collection) struct type leads back to the containing struct: these need heap storage.
    func recursiveFields() -> Set<FieldKey> {
        var edges: [String: [(field: String, target: String)]] = [:]
        var declared: [String] = []
        for file in files {
            for declaration in file.declarations {
                guard case .structure(let syntax) = declaration, symbols[syntax.name.text]?.range == syntax.name.range else { continue }
                declared.append(syntax.name.text)
                for field in syntax.body.fields {
                    if case .named(let target) = field.type.kind, case .structure? = symbols[target]?.kind {
                        edges[syntax.name.text, default: []].append((field.name.text, target))
                    }
                }
            }
        }
        let components = StronglyConnectedComponents.compute(nodes: declared, edges: edges.mapValues { $0.map(\.target) })
        var result: Set<FieldKey> = []
        for (source, targets) in edges {
            for (field, target) in targets where components[source] == components[target] {
                result.insert(FieldKey(structName: source, fieldName: field))
            }
        }
        return result
    }

    mutating func analyzeStruct(_ syntax: StructSyntax, indirect: Set<FieldKey>) -> ModelStruct? {
        guard symbols[syntax.name.text]?.range == syntax.name.range, symbols[syntax.name.text]?.fileIndex == fileIndex else { return nil }
        if case .single(let type, _) = syntax.body.content {
            report(.error, "a STRUCT needs named fields ('TYPE name;'); '{ TYPE; }' is only for message bodies", at: type.range)
            return nil
        }
        let fields = analyzeModelFields(syntax.body.fields) { indirect.contains(FieldKey(structName: syntax.name.text, fieldName: $0)) }
        return ModelStruct(name: syntax.name.text, doc: syntax.doc, fields: fields)
    }

    /// Fields of a struct, response or error body (JSON).
    mutating func analyzeModelFields(_ syntax: [FieldSyntax], isIndirect: (String) -> Bool = { _ in false }) -> [ModelField] {
        var fields: [ModelField] = []
        fields.reserveCapacity(syntax.count)
        var seen = Seen()
        // The fields are read in place through a buffer pointer (`for field in` would copy each one, retaining
        // and releasing its strings and arrays). Safe: the buffer is only read, inside the closure, while
        // `syntax` (a constant) keeps the storage alive.
        syntax.withUnsafeBufferPointer { syntax in
            for index in syntax.indices {
                for (modifier, range) in syntax[index].modifiers where modifier != .required {
                    report(.error, "'\(modifier.rawValue)' places request fields; it has no meaning here", at: range)
                }
                guard let type = resolve(syntax[index].type) else { continue }
                guard check(type, usage: .json, at: syntax[index].type.range) else { continue }
                guard let model = makeField(syntax[index], type: type, placement: .body, swiftName: nil,
                                            isIndirect: isIndirect(syntax[index].name.text), seen: &seen) else { continue }
                fields.append(model)
            }
        }
        return fields
    }

    /// Names and keys already used in one body.
    struct Seen: Sendable {
        var names: SmallTable<String, SourceRange>
        var keys: SmallTable<WireKeyID, SourceRange>

        /// Empty tables (they allocate nothing until the first entry).
        init() {
            names = SmallTable()
            keys = SmallTable()
        }
    }

    /// A wire key within its placement (a query item and a header may share a name).
    struct WireKeyID: Hashable, Sendable {
        let placement: ModelField.Placement
        let key: String
    }

    mutating func makeField(_ field: FieldSyntax, type: ModelType, placement: ModelField.Placement, swiftName forced: String?,
                                    isIndirect: Bool, seen: inout Seen, isRequest: Bool = false) -> ModelField? {
        var swiftName = forced ?? Naming.lowerCamel(field.name.text)
        guard !swiftName.isEmpty else {
            report(.error, "field name '\(field.name.text)' has no letters or digits to name a Swift property", at: field.name.range)
            return nil
        }
        if forced == nil, isRequest, Self.reservedRequestMembers.contains(swiftName) {
            swiftName += "Value"
        }
        if let previous = seen.names[swiftName] {
            report(.error, "duplicate field '\(field.name.text)'", at: field.name.range, notes: [.init(range: previous, message: "first declared here")])
            return nil
        }
        let key = field.key?.text ?? field.name.text
        if key.isEmpty {
            report(.error, "a wire key cannot be empty", at: field.key?.range ?? field.name.range)
            return nil
        }
        if placement != .path, let previous = seen.keys[WireKeyID(placement: placement, key: key)] {
            report(.error, "duplicate wire key '\(key)'", at: field.key?.range ?? field.name.range, notes: [.init(range: previous, message: "first used here")])
            return nil
        }
        var defaultValue: ModelDefault?
        if let literal = field.defaultValue {
            guard let checked = checkDefault(literal, type: type) else { return nil }
            defaultValue = checked
        }
        seen.names[swiftName] = field.name.range
        seen.keys[WireKeyID(placement: placement, key: key)] = field.key?.range ?? field.name.range
        let optional = placement != .path && !field.has(.required) && defaultValue == nil
        return ModelField(idlName: field.name.text, swiftName: swiftName, wireKey: key, type: type, isOptional: optional,
                          defaultValue: defaultValue, doc: field.doc, placement: placement, isIndirect: isIndirect)
    }
}

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
        let fields = analyzeModelFields(syntax.body.fields, inStruct: true) {
            indirect.contains(FieldKey(structName: syntax.name.text, fieldName: $0))
        }
        return ModelStruct(name: syntax.name.text, doc: syntax.doc, fields: fields)
    }

    /// Fields of a struct (`inStruct`), response or error body (JSON).
    mutating func analyzeModelFields(_ syntax: [FieldSyntax], inStruct: Bool = false,
                                     isIndirect: (String) -> Bool = { _ in false }) -> [ModelField] {
        var fields: [ModelField] = []
        var seen = Seen()
        for field in syntax {
            for (modifier, range) in field.modifiers where !Self.valueModifiers.contains(modifier) {
                report(.error, "'\(modifier.rawValue)' places request fields; it has no meaning here", at: range)
            }
            guard let type = resolve(field.type), check(type, usage: .json, at: field.type.range),
                  let model = makeField(field, type: type, placement: .body, swiftName: nil, isIndirect: isIndirect(field.name.text),
                                        seen: &seen, inStruct: inStruct) else { continue }
            fields.append(model)
        }
        return fields
    }

    /// The modifiers that say what a field holds, not where it goes.
    static let valueModifiers: Set<FieldSyntax.Modifier> = [.required, .nullable, .readOnly, .writeOnly]

    /// Names and keys already used in one body.
    struct Seen {
        var names: [String: SourceRange] = [:]
        var keys: [WireKeyID: SourceRange] = [:]
    }

    /// A wire key within its placement (a query item and a header may share a name).
    struct WireKeyID: Hashable, Sendable {
        let placement: ModelField.Placement
        let key: String
    }

    mutating func makeField(_ field: FieldSyntax, type: ModelType, placement: ModelField.Placement, swiftName forced: String?,
                                    isIndirect: Bool, seen: inout Seen, isRequest: Bool = false, inStruct: Bool = false) -> ModelField? {
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
        guard checkNullable(field, placement: placement, optional: optional),
              let direction = direction(of: field, inStruct: inStruct) else { return nil }
        return ModelField(idlName: field.name.text, swiftName: swiftName, wireKey: key, type: type, isOptional: optional,
                          defaultValue: defaultValue, doc: field.doc, placement: placement, isIndirect: isIndirect,
                          isNullable: field.has(.nullable) && !isIndirect, direction: direction)
    }

    /// `READONLY`/`WRITEONLY`: on a `STRUCT` field (the type a request and a response share), never `REQUIRED`
    /// (each is missing one way), one of the two, and a `READONLY` field is never sent, so not `NULLABLE`.
    mutating func direction(of field: FieldSyntax, inStruct: Bool) -> ModelField.Direction? {
        let markers = field.modifiers.filter { $0.0 == .readOnly || $0.0 == .writeOnly }
        guard let (marker, range) = markers.first else { return .both }
        if !inStruct {
            report(.error, "\(marker.rawValue) applies to STRUCT fields (a request body is only sent, a response only received)", at: range)
        } else if markers.count > 1 {
            report(.error, "a field is READONLY or WRITEONLY, not both", at: markers[1].1)
        } else if field.has(.required) {
            report(.error, "a \(marker.rawValue) field is optional (it is missing one way); remove REQUIRED", at: range)
        } else if marker == .readOnly, field.has(.nullable) {
            report(.error, "a READONLY field is never sent, so never sent as null; remove NULLABLE", at: range)
        } else {
            return marker == .readOnly ? .readOnly : .writeOnly
        }
        return nil
    }

    /// `NULLABLE` marks an optional body or `STRUCT` field (a recursive one stays a plain optional).
    mutating func checkNullable(_ field: FieldSyntax, placement: ModelField.Placement, optional: Bool) -> Bool {
        guard let range = field.modifiers.first(where: { $0.0 == .nullable })?.1 else { return true }
        if placement != .body {
            report(.error, "NULLABLE applies to body and STRUCT fields (a parameter is sent or left out)", at: range)
            return false
        }
        if !optional {
            report(.error, "a NULLABLE field is optional (absent, null or a value); remove \(field.has(.required) ? "REQUIRED" : "its DEFAULT")", at: range)
            return false
        }
        return true
    }
}

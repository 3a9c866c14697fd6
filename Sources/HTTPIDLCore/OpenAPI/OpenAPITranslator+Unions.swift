/// `oneOf`/`anyOf` with several variants → a `UNION`; with a `discriminator` whose every variant is an object
/// with a value (from `mapping`, the component's name, or the variant's `const`), `UNION Name = property { … }`.
extension OpenAPITranslator {
    /// A `UNION` of the variants' types: selected by the discriminator, or decoded in order.
    mutating func declareUnion(_ name: String, variants: [YAMLNode], schema: YAMLNode, key: String, registering: Int?) -> String {
        let typeName = uniqueTypeName(name)
        if let registering { namedTypes[registering] = typeName }
        let slot = declare(.union(name: typeName, doc: [], notes: [], discriminator: nil, members: []))
        var members: [(type: String, tag: String?)] = []
        var notes: [String] = []
        let property = schema["discriminator"]?["propertyName"]?.string
        for (index, variant) in variants.enumerated() {
            let type = self.type(of: variant, name: variantName(variant, index: index, union: typeName, schema: schema))
            if type.text == "ANY" {
                notes.append("openapi: a \(key) variant that allows any value is kept by the fallback case")
                continue
            }
            let tag = property.flatMap { discriminatorValue(of: variant, property: $0, mapping: schema["discriminator"]?["mapping"]) }
            if !members.contains(where: { $0.type == type.text }) { members.append((type.text, tag)) }
        }
        var discriminator: String?
        if let property, !members.isEmpty, notes.isEmpty,
           members.allSatisfy({ $0.tag != nil && isObjectType($0.type) }), Set(members.compactMap(\.tag)).count == members.count {
            discriminator = property
        } else if let node = schema["discriminator"] {
            warn("the discriminator is not used: decoding tries the \(key) variants in order", at: node)
            notes.append("openapi: discriminator '\(node["propertyName"]?.scalarText ?? "")' not used; variants are tried in order")
            members = members.map { ($0.type, nil) }
        }
        redeclare(.union(name: typeName, doc: doc(schema), notes: notes, discriminator: discriminator, members: members), at: slot)
        return typeName
    }

    /// The value of the discriminator that selects `variant`: the `mapping` key naming its `$ref` (or component
    /// name), else the referenced component's name, else the `const` (or one-value `enum`) of its property.
    private mutating func discriminatorValue(of variant: YAMLNode, property: String, mapping: YAMLNode?) -> String? {
        if let reference = variant["$ref"]?.string {
            let component = reference.split(separator: "/").last.map(String.init) ?? reference
            if let entry = mapping?.entries.first(where: { $0.value.string == reference || $0.value.string == component }) { return entry.key }
            return mapping == nil || mapping?.entries.isEmpty == true ? component : nil
        }
        guard let tag = (references.dereference(variant) ?? variant)["properties"]?[property] else { return nil }
        return tag["const"]?.scalarText ?? (tag["enum"]?.elements.count == 1 ? tag["enum"]?.elements[0].scalarText : nil)
    }

    /// Whether an imported type is a declared `STRUCT` or `UNION` (a JSON object a discriminator can sit in).
    private func isObjectType(_ type: String) -> Bool {
        declarations.contains { declaration in
            switch declaration {
            case .structure(let name, _, _, _), .union(let name, _, _, _, _): name == type
            default: false
            }
        }
    }

    /// The name of an inline union variant: its `title`, else the union's name and the variant's discriminator
    /// value (`const` or a one-value `enum`), else `<Union>Option<N>`.
    private func variantName(_ variant: YAMLNode, index: Int, union: String, schema: YAMLNode) -> String {
        if let title = variant["title"]?.string, !Naming.upperCamel(title).isEmpty { return title }
        if let property = schema["discriminator"]?["propertyName"]?.string, let tag = variant["properties"]?[property],
           let value = tag["const"]?.scalarText ?? (tag["enum"]?.elements.count == 1 ? tag["enum"]?.elements[0].scalarText : nil),
           !Naming.upperCamel(value).isEmpty {
            return union + Naming.upperCamel(value)
        }
        return union + "Option" + String(index + 1)
    }
}

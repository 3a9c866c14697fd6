/// The `URLQueryWritable` conformance of the structs sent as query: the wire names of the fields and a
/// `switch` that hands each field's value to `URLQueryWriter`, so `URLQueryEncoder` writes them without
/// going through `Encoder` (the same bytes as `encode(to:)`).
extension SwiftGenerator {
    // MARK: - URLQueryWritable

    /// Writes `queryFieldNames` and `writeQueryField(_:to:)` for `fields` (the struct's stored properties,
    /// in declaration order, as its `CodingKeys` lists them).
    func writeQueryWritableMembers<Fields: Collection<ModelField>>(_ fields: Fields, spacing: inout SwiftRenderer.MemberSpacing,
                                                                   to renderer: inout SwiftRenderer) {
        // Written straight through the renderer (the same bytes as the code model's computed property and
        // function members, without building their strings and arrays first).
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// ", "The wire names of the fields in declaration order (`URLQueryWritable`).")
        renderer.computedProperty(access: access.isEmpty ? "static" : access + " static", name: "queryFieldNames", type: "[String]") { renderer in
            renderer.write("[")
            var first = true
            for index in fields.indices {
                renderer.write(first ? "\"" : ", \"", Naming.stringLiteralContent(fields[index].wireKey), "\"")
                first = false
            }
            renderer.write("]")
        }
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// ", "Writes the field at `index` of `queryFieldNames` (`URLQueryWritable`).")
        renderer.beginLine()
        renderer.write(access, access.isEmpty ? "" : " ", "func writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws")
        _ = renderer.openBlock()
        renderer.emit("switch index {")
        var position = 0
        for index in fields.indices {
            renderer.beginLine()
            renderer.write("case ", String(position), ": try writer.write(")
            writeQueryValue(fields[index], to: &renderer)
            renderer.write(")")
            renderer.endLine()
            position += 1
        }
        renderer.emit("default: break")
        renderer.emit("}")
        renderer.closeBlock()
    }

    /// The value handed to the writer: the property, or an enum's raw value (what the generated enum's
    /// `encode(to:)` writes), for one enum and for an array of them.
    private func writeQueryValue(_ field: ModelField, to renderer: inout SwiftRenderer) {
        renderer.write("self.", field.escapedSwiftName)
        let optional = field.isOptional ? "?" : ""
        switch field.type {
        case .enumeration: renderer.write(optional, ".rawValue")
        case .array(.enumeration): renderer.write(optional, ".map(\\.rawValue)")
        default: break
        }
    }

    /// The names of the model structs of `file` a query field can hold: the struct types of query fields,
    /// of array elements among them, and of the fields of those structs, transitively.
    static func queryStructs(in file: ValidatedFile) -> Set<String> {
        var structs: [String: ModelStruct] = [:]
        var pending: [String] = []
        for declaration in file.declarations {
            switch declaration {
            case .structure(let structure):
                structs[structure.name] = structure
            case .message(let message):
                // Read in place through indices: copies of the endpoints and fields would retain and release
                // each of their strings and arrays.
                for endpoint in message.endpoints.indices {
                    let fields = message.endpoints[endpoint].requestFields
                    for field in fields.indices where fields[field].placement == .query {
                        if let name = structName(fields[field].type) { pending.append(name) }
                    }
                }
            case .enumeration, .union:
                break
            }
        }
        var found: Set<String> = []
        while let name = pending.popLast() {
            guard let structure = structs[name], found.insert(name).inserted else { continue }
            for field in structure.fields {
                if let inner = structName(field.type) { pending.append(inner) }
            }
        }
        return found
    }

    /// The struct a field of `type` holds as an object or as the elements of an array.
    private static func structName(_ type: ModelType) -> String? {
        switch type {
        case .structure(let name): name
        case .array(let element): structName(element)
        default: nil
        }
    }
}

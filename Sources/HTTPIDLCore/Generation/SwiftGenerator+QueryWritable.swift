/// The `URLQueryWritable` conformance of the structs sent as query: the wire names of the fields, sorted
/// as the query is written, a `switch` that hands each field's value to `URLQueryWriter`, and
/// `writeQueryFields` that hands over all of them in that order, so `URLQueryEncoder` writes them without
/// going through `Encoder` (the same bytes as `encode(to:)`).
extension SwiftGenerator {
    // MARK: - URLQueryWritable

    /// Writes `queryFieldNames`, `writeQueryField(_:to:)` and `writeQueryFields(to:)` for `fields` (the
    /// struct's stored properties), all three in wire order: sorted by wire name as `URLQueryEncoder`
    /// sorts them (`String`'s `<`), so the encoder writes a value with one `writeQueryFields` call when
    /// the key strategy keeps that order.
    func writeQueryWritableMembers<Fields: Collection<ModelField>>(_ fields: Fields, spacing: inout SwiftRenderer.MemberSpacing,
                                                                   to renderer: inout SwiftRenderer) {
        // Ties (two fields with one wire name, which the encoder leaves to `encode(to:)`) keep declaration order.
        let order = fields.indices.enumerated().sorted { left, right in
            let (leftKey, rightKey) = (fields[left.element].wireKey, fields[right.element].wireKey)
            return leftKey != rightKey ? leftKey < rightKey : left.offset < right.offset
        }.map(\.element)
        // Written straight through the renderer (the same bytes as the code model's computed property and
        // function members, without building their strings and arrays first).
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// ", "The wire names of the fields in wire order (`URLQueryWritable`).")
        renderer.computedProperty(access: access.isEmpty ? "static" : access + " static", name: "queryFieldNames", type: "[String]") { renderer in
            renderer.write("[")
            var first = true
            for index in order {
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
        for (position, index) in order.enumerated() {
            renderer.beginLine()
            renderer.write("case ", String(position), ": try writer.write(")
            writeQueryValue(fields[index], to: &renderer)
            renderer.write(")")
            renderer.endLine()
        }
        renderer.emit("default: break")
        renderer.emit("}")
        renderer.closeBlock()
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// ", "Writes every field in the order of `queryFieldNames` (`URLQueryWritable`).")
        renderer.beginLine()
        renderer.write(access, access.isEmpty ? "" : " ", "func writeQueryFields(to writer: inout URLQueryWriter) throws")
        _ = renderer.openBlock()
        for index in order {
            renderer.beginLine()
            renderer.write("try writer.write(")
            writeQueryValue(fields[index], to: &renderer)
            renderer.write(")")
            renderer.endLine()
        }
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

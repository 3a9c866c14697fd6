/// The `URLQueryWritable` conformance of the structs sent as query: the wire names of the fields, sorted
/// as the query is written, a `switch` that hands each field's value to `URLQueryWriter`, and
/// `writeQueryFields` that hands over all of them in that order, so `URLQueryEncoder` writes them without
/// going through `Encoder` (the same bytes as `encode(to:)`).
extension SwiftGenerator {
    // MARK: - URLQueryWritable

    /// `queryFieldNames`, `writeQueryField(_:to:)` and `writeQueryFields(to:)` for `fields` (the struct's
    /// stored properties), all three in wire order: sorted by wire name as `URLQueryEncoder` sorts them
    /// (`String`'s `<`), so the encoder writes a value with one `writeQueryFields` call when the key strategy
    /// keeps that order.
    func queryWritableMembers(_ fields: [ModelField]) -> [SwiftMember] {
        // Ties (two fields with one wire name, which the encoder leaves to `encode(to:)`) keep declaration order.
        let order = fields.indices.sorted { left, right in
            fields[left].wireKey != fields[right].wireKey ? fields[left].wireKey < fields[right].wireKey : left < right
        }.map { fields[$0] }
        let names = order.map { "\"" + Naming.stringLiteralContent($0.wireKey) + "\"" }.joined(separator: ", ")
        let writes = order.map { "try writer.write(\(queryValue($0)))" }
        let cases = writes.enumerated().map { "case \($0.offset): \($0.element)" }
        return [
            .computedProperty(doc: ["The wire names of the fields in wire order (`URLQueryWritable`)."],
                              access: access.isEmpty ? "static" : access + " static", name: "queryFieldNames", type: "[String]",
                              body: ["[" + names + "]"]),
            .function(doc: ["Writes the field at `index` of `queryFieldNames` (`URLQueryWritable`)."], access: access, isStatic: false,
                      signature: "writeQueryField(_ index: Int, to writer: inout URLQueryWriter) throws",
                      body: ["switch index {"] + cases + ["default: break", "}"]),
            .function(doc: ["Writes every field in the order of `queryFieldNames` (`URLQueryWritable`)."], access: access, isStatic: false,
                      signature: "writeQueryFields(to writer: inout URLQueryWriter) throws", body: writes),
        ]
    }

    /// The value handed to the writer: the property, or an enum's raw value (what the generated enum's
    /// `encode(to:)` writes), for one enum and for an array of them.
    private func queryValue(_ field: ModelField) -> String {
        let optional = field.isOptional ? "?" : ""
        switch field.type {
        case .enumeration: return "self.\(field.escapedSwiftName)\(optional).rawValue"
        case .array(.enumeration): return "self.\(field.escapedSwiftName)\(optional).map(\\.rawValue)"
        default: return "self.\(field.escapedSwiftName)"
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

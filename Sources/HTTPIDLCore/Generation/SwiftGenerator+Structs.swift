/// DTO structs: properties, memberwise init, `CodingKeys`, defaults, and indirect storage for recursion.
extension SwiftGenerator {
    // MARK: - Structs

    /// Writes a DTO struct: properties, memberwise init, `CodingKeys`, and `init(from:)` when defaults must
    /// apply. `doc` writes its doc comment; `conformances` are written as they are (`Codable, Sendable`).
    func writeStruct<Fields: Collection<ModelField>>(name: String, doc: (inout SwiftRenderer) -> Void, fields: Fields,
                                                     conformances: String, decodable: Bool,
                                                     to renderer: inout SwiftRenderer) {
        doc(&renderer)
        let opened = renderer.openType(access: access, keyword: "struct", name: name, conformances: conformances)
        var spacing = SwiftRenderer.MemberSpacing(leadingBlank: false)
        // Each field is handed to a method as an argument, which borrows it in place: a local copy (`for … in`
        // or `let field = fields[index]`) would retain and release each of its strings and arrays.
        for index in fields.indices { writeProperty(fields[index], spacing: &spacing, to: &renderer) }
        renderer.beginMember(.other, &spacing)
        renderer.emit("/// Creates a `", name, "`.")
        writeMemberwiseInitializer(fields, to: &renderer)
        if decodable, fields.contains(where: { $0.defaultValue != nil }) {
            renderer.beginMember(.other, &spacing)
            renderer.emit("/// Decodes the value; missing keys take their `DEFAULT`.")
            var field = fields.startIndex
            renderer.initializer(access: access, modifiers: "", throwing: true, parameterCount: 1,
                                 parameter: { renderer, _ in renderer.write("from decoder: any Decoder") },
                                 statementCount: fields.count + 1, statement: { renderer, index in
                guard index > 0 else {
                    renderer.write("let container = try decoder.container(keyedBy: CodingKeys.self)")
                    return
                }
                self.writeDecodeStatement(fields[field], to: &renderer)
                fields.formIndex(after: &field)
            })
        }
        if !fields.isEmpty {
            renderer.beginMember(.other, &spacing)
            let codingKeys = renderer.openType(access: "private", keyword: "enum", name: "CodingKeys", conformances: "String, CodingKey")
            for index in fields.indices { writeCodingKey(fields[index], to: &renderer) }
            renderer.closeType(codingKeys)
        }
        renderer.closeType(opened)
    }

    /// The stored property of `field` (with its heap storage when it is indirect), set off as a member.
    private func writeProperty(_ field: ModelField, spacing: inout SwiftRenderer.MemberSpacing, to renderer: inout SwiftRenderer) {
        let name = field.escapedSwiftName
        if field.isIndirect {
            let type = propertyType(field)
            let storage = "_\(field.swiftName)"
            let boxed = "HTTPIDLIndirect<\(swiftType(field.type))>"
            renderer.member(.accessorProperty(
                doc: field.doc, access: access, name: name, type: type,
                getter: field.isOptional ? "self.\(storage)?.value" : "self.\(storage).value",
                setter: field.isOptional ? "self.\(storage) = newValue.map(HTTPIDLIndirect.init)" : "self.\(storage) = HTTPIDLIndirect(newValue)"),
                            &spacing)
            renderer.member(.storedProperty(doc: [], access: "private", isLet: false, name: storage, type: boxed + (field.isOptional ? "?" : "")),
                            &spacing)
        } else {
            renderer.beginMember(.storedProperty, &spacing)
            renderer.doc(field.doc)
            renderer.beginStoredProperty(access: access, isLet: false, name: name)
            writePropertyType(field, to: &renderer)
            renderer.endLine()
        }
    }

    /// The `CodingKeys` case of `field`.
    private func writeCodingKey(_ field: ModelField, to renderer: inout SwiftRenderer) {
        let raw = field.isIndirect || field.wireKey != field.swiftName ? Naming.stringLiteral(field.wireKey) : ""
        renderer.enumCase(codingKeyName(field), rawValue: raw)
    }

    /// `init(a: A, b: B? = nil) { self.a = a … }` for the properties of `fields`.
    func writeMemberwiseInitializer<Fields: Collection<ModelField>>(_ fields: Fields, to renderer: inout SwiftRenderer) {
        var parameterField = fields.startIndex
        var statementField = fields.startIndex
        renderer.initializer(access: access, modifiers: "", throwing: false, parameterCount: fields.count, parameter: { renderer, index in
            // Called in order, and a second time from 0 when the line is too long.
            if index == 0 { parameterField = fields.startIndex }
            self.writeParameter(fields[parameterField], to: &renderer)
            fields.formIndex(after: &parameterField)
        }, statementCount: fields.count, statement: { renderer, _ in
            self.writeAssignment(fields[statementField], to: &renderer)
            fields.formIndex(after: &statementField)
        })
    }

    /// The statement of the memberwise initializer that stores the parameter of `field`.
    private func writeAssignment(_ field: ModelField, to renderer: inout SwiftRenderer) {
        let name = field.escapedSwiftName
        if field.isIndirect {
            if field.isOptional {
                renderer.write("self._", field.swiftName, " = ", name, ".map(HTTPIDLIndirect.init)")
            } else {
                renderer.write("self._", field.swiftName, " = HTTPIDLIndirect(", name, ")")
            }
        } else {
            renderer.write("self.", name, " = ", name)
        }
    }

    /// `name: Type = default` (`= nil` for an optional without a default).
    func writeParameter(_ field: ModelField, to renderer: inout SwiftRenderer) {
        let name = field.escapedSwiftName
        renderer.write(name, ": ")
        writePropertyType(field, to: &renderer)
        if let value = field.defaultValue {
            renderer.write(" = ")
            writeDefault(value, to: &renderer)
        } else if field.isOptional {
            renderer.write(" = nil")
        }
    }

    /// `self.name = try container.decode…(Type.self, forKey: .key)`, with `?? default` for a `DEFAULT`.
    func writeDecodeStatement(_ field: ModelField, to renderer: inout SwiftRenderer) {
        if field.isIndirect {
            renderer.write("self._", field.swiftName)
        } else {
            renderer.write("self.", field.escapedSwiftName)
        }
        renderer.write(field.defaultValue != nil || field.isOptional ? " = try container.decodeIfPresent(" : " = try container.decode(")
        if field.isIndirect { renderer.write("HTTPIDLIndirect<") }
        write(field.type, to: &renderer)
        if field.isIndirect { renderer.write(">") }
        renderer.write(".self, forKey: .", codingKeyName(field), ")")
        if let value = field.defaultValue {
            renderer.write(" ?? ")
            writeDefault(value, to: &renderer)
        }
    }

    func codingKeyName(_ field: ModelField) -> String {
        field.isIndirect ? "_\(field.swiftName)" : field.escapedSwiftName
    }

    /// Heap storage that gives recursive structs a finite size.
    var indirectBox: SwiftStruct {
        SwiftStruct(
            doc: ["Heap storage for a property whose struct type contains itself, so recursive structs have a finite size."],
            access: "fileprivate", name: "HTTPIDLIndirect", genericParameters: "<Value: Codable & Sendable & Equatable>",
            conformances: ["Codable", "Sendable", "Equatable"],
            members: [
                .storedProperty(doc: [], access: "", isLet: true, name: "value", type: "Value"),
                .initializer(doc: [], access: "", modifiers: "", parameters: [SwiftParameter(label: nil, name: "value", type: "Value")],
                             throwing: false, body: ["self.value = value"]),
                .initializer(doc: [], access: "", modifiers: "", parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")],
                             throwing: true, body: ["self.value = try Value(from: decoder)"]),
                .function(doc: [], access: "", isStatic: false, signature: "encode(to encoder: any Encoder) throws",
                          body: ["try self.value.encode(to: encoder)"]),
                .function(doc: [], access: "", isStatic: true, signature: "== (lhs: HTTPIDLIndirect, rhs: HTTPIDLIndirect) -> Bool",
                          body: ["lhs.value == rhs.value"]),
            ])
    }
}

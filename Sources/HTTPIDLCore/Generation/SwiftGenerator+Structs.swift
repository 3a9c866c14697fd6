/// DTO structs: properties, memberwise init, `CodingKeys`, defaults, and indirect storage for recursion.
extension SwiftGenerator {
    // MARK: - Structs

    /// A DTO struct: properties, memberwise init, `CodingKeys`, and `init(from:)` when defaults must apply.
    func modelStruct(name: String, doc: [String], fields: [ModelField], conformances: [String], decodable: Bool) -> SwiftStruct {
        var members: [SwiftMember] = []
        members.reserveCapacity(fields.count + 3)
        var parameters: [SwiftParameter] = []
        parameters.reserveCapacity(fields.count)
        var assignments: [String] = []
        assignments.reserveCapacity(fields.count)
        for field in fields {
            let name = Naming.escaped(field.swiftName)
            let type = propertyType(field)
            parameters.append(SwiftParameter(label: name, name: name, type: type,
                                             defaultValue: field.defaultValue.map(defaultLiteral) ?? (field.isOptional ? "nil" : nil)))
            if field.isIndirect {
                assignments.append(field.isOptional ? "self._\(field.swiftName) = \(name).map(HTTPIDLIndirect.init)" : "self._\(field.swiftName) = HTTPIDLIndirect(\(name))")
                let storage = "_\(field.swiftName)"
                let boxed = "HTTPIDLIndirect<\(swiftType(field.type))>"
                members.append(.accessorProperty(
                    doc: field.doc, access: access, name: name, type: type,
                    getter: field.isOptional ? "self.\(storage)?.value" : "self.\(storage).value",
                    setter: field.isOptional ? "self.\(storage) = newValue.map(HTTPIDLIndirect.init)" : "self.\(storage) = HTTPIDLIndirect(newValue)"))
                members.append(.storedProperty(doc: [], access: "private", isLet: false, name: storage, type: boxed + (field.isOptional ? "?" : "")))
            } else {
                assignments.append("self.\(name) = \(name)")
                members.append(.storedProperty(doc: field.doc, access: access, isLet: false, name: name, type: type))
            }
        }
        members.append(.initializer(doc: ["Creates a `\(name)`."], access: access, modifiers: "", parameters: parameters,
                                    throwing: false, body: assignments))
        if decodable, fields.contains(where: { $0.defaultValue != nil }) {
            var body = ["let container = try decoder.container(keyedBy: CodingKeys.self)"]
            for field in fields {
                let key = codingKeyName(field)
                let target = field.isIndirect ? "self._\(field.swiftName)" : "self.\(Naming.escaped(field.swiftName))"
                let type = field.isIndirect ? "HTTPIDLIndirect<\(swiftType(field.type))>" : swiftType(field.type)
                if let value = field.defaultValue {
                    body.append("\(target) = try container.decodeIfPresent(\(type).self, forKey: .\(key)) ?? \(defaultLiteral(value))")
                } else if field.isOptional {
                    body.append("\(target) = try container.decodeIfPresent(\(type).self, forKey: .\(key))")
                } else {
                    body.append("\(target) = try container.decode(\(type).self, forKey: .\(key))")
                }
            }
            members.append(.initializer(doc: ["Decodes the value; missing keys take their `DEFAULT`."], access: access, modifiers: "",
                                        parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")],
                                        throwing: true, body: body))
        }
        if !fields.isEmpty {
            let cases = fields.map { field -> SwiftEnum.Case in
                let caseName = codingKeyName(field)
                let raw = field.isIndirect || field.wireKey != field.swiftName ? Naming.stringLiteral(field.wireKey) : nil
                return SwiftEnum.Case(name: caseName, rawValue: raw)
            }
            members.append(.nested(.enumeration(SwiftEnum(access: "private", name: "CodingKeys", conformances: ["String", "CodingKey"], cases: cases))))
        }
        return SwiftStruct(doc: doc, access: access, name: name, conformances: conformances, members: members)
    }

    func codingKeyName(_ field: ModelField) -> String {
        field.isIndirect ? "_\(field.swiftName)" : Naming.escaped(field.swiftName)
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

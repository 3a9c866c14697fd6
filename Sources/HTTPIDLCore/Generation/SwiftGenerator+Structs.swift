/// DTO structs: properties, memberwise init, `CodingKeys`, defaults, and indirect storage for recursion.
extension SwiftGenerator {
    // MARK: - Structs

    /// A DTO struct: properties, memberwise init, `init(from:)` when defaults must apply (`decodable`), and
    /// `CodingKeys`.
    func structDeclaration(name: String, doc: [String], fields: [ModelField], conformances: [String], decodable: Bool) -> SwiftStruct {
        var members = fields.flatMap(propertyMembers)
        members.append(memberwiseInitializer(fields, doc: ["Creates a `\(name)`."]))
        if decodable, fields.contains(where: { $0.defaultValue != nil }) {
            members.append(.initializer(doc: ["Decodes the value; missing keys take their `DEFAULT`."], access: access, modifiers: "",
                                        parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwing: true,
                                        body: ["let container = try decoder.container(keyedBy: CodingKeys.self)"] + fields.map(decodeStatement)))
        }
        if !fields.isEmpty {
            let cases = fields.map { field in
                SwiftEnum.Case(name: codingKeyName(field),
                               rawValue: field.isIndirect || field.wireKey != field.swiftName ? Naming.stringLiteral(field.wireKey) : nil)
            }
            members.append(.nested(.enumeration(SwiftEnum(access: "private", name: "CodingKeys", conformances: ["String", "CodingKey"],
                                                          cases: cases))))
        }
        return SwiftStruct(doc: doc, access: access, name: name, conformances: conformances, members: members)
    }

    /// The stored property of `field`, or a computed one over its heap storage when it is indirect.
    private func propertyMembers(_ field: ModelField) -> [SwiftMember] {
        let name = field.escapedSwiftName
        guard field.isIndirect else {
            return [.storedProperty(doc: field.doc, access: access, isLet: false, name: name, type: propertyType(field))]
        }
        let storage = "_\(field.swiftName)"
        let boxed = "HTTPIDLIndirect<\(swiftType(field.type))>"
        return [
            .accessorProperty(doc: field.doc, access: access, name: name, type: propertyType(field),
                              getter: field.isOptional ? "self.\(storage)?.value" : "self.\(storage).value",
                              setter: field.isOptional ? "self.\(storage) = newValue.map(HTTPIDLIndirect.init)" : "self.\(storage) = HTTPIDLIndirect(newValue)"),
            .storedProperty(doc: [], access: "private", isLet: false, name: storage, type: boxed + (field.isOptional ? "?" : "")),
        ]
    }

    /// `init(a: A, b: B? = nil) { self.a = a … }` for the properties of `fields`.
    func memberwiseInitializer(_ fields: [ModelField], doc: [String]) -> SwiftMember {
        .initializer(doc: doc, access: access, modifiers: "", parameters: fields.map(parameter), throwing: false,
                     body: fields.map(assignment))
    }

    /// The statement of the memberwise initializer that stores the parameter of `field`.
    private func assignment(_ field: ModelField) -> String {
        let name = field.escapedSwiftName
        guard field.isIndirect else { return "self.\(name) = \(name)" }
        return field.isOptional ? "self._\(field.swiftName) = \(name).map(HTTPIDLIndirect.init)"
            : "self._\(field.swiftName) = HTTPIDLIndirect(\(name))"
    }

    /// `name: Type = default` (`= nil` for an optional without a default).
    func parameter(_ field: ModelField) -> SwiftParameter {
        let value = field.defaultValue.map(defaultLiteral) ?? (field.isOptional ? "nil" : nil)
        return SwiftParameter(label: field.escapedSwiftName, name: field.escapedSwiftName, type: propertyType(field), defaultValue: value)
    }

    /// `self.name = try container.decode…(Type.self, forKey: .key)`, with `?? default` for a `DEFAULT`.
    private func decodeStatement(_ field: ModelField) -> String {
        let target = field.isIndirect ? "self._" + field.swiftName : "self." + field.escapedSwiftName
        let call = field.defaultValue != nil || field.isOptional ? "try container.decodeIfPresent(" : "try container.decode("
        let type = field.isIndirect ? "HTTPIDLIndirect<\(swiftType(field.type))>" : swiftType(field.type)
        let fallback = field.defaultValue.map { " ?? " + defaultLiteral($0) } ?? ""
        return "\(target) = \(call)\(type).self, forKey: .\(codingKeyName(field)))\(fallback)"
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

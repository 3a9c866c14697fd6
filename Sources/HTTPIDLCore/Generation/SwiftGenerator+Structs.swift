/// DTO structs: properties, memberwise init, `init(from:)`/`encode(to:)` written out over the file's
/// `HTTPIDLCodingKey` (no `CodingKeys` enum per struct), defaults, and indirect storage for recursion.
extension SwiftGenerator {
    // MARK: - Structs

    /// A DTO struct (`Codable, Sendable, Equatable`): properties, the memberwise init, and its `Codable` members
    /// written out, keyed by the wire keys.
    ///
    /// The conformances are written, not derived: a derived one makes a `CodingKeys` enum per struct, about twenty
    /// functions and their metadata each (a quarter of what a large API's debug build compiled).
    func structDeclaration(name: String, doc: [String], fields: [ModelField]) -> SwiftStruct {
        var members = fields.flatMap(propertyMembers)
        members.append(memberwiseInitializer(fields, doc: ["Creates a `\(name)`."]))
        if !fields.isEmpty {
            members.append(.initializer(doc: ["Decodes the fields by their wire keys\(fields.contains { $0.defaultValue != nil } ? "; missing keys take their `DEFAULT`" : "")."],
                                        access: access, modifiers: "",
                                        parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwing: true,
                                        body: ["let container = try decoder.container(keyedBy: HTTPIDLCodingKey.self)"] + fields.map(decodeStatement)))
            let sent = fields.filter { $0.direction != .readOnly }
            members.append(.function(doc: ["Encodes the fields by their wire keys\(sent.count < fields.count ? " (`READONLY` ones are not sent)" : "")."],
                                     access: access, isStatic: false, signature: "encode(to encoder: any Encoder) throws",
                                     body: sent.isEmpty ? ["_ = encoder.container(keyedBy: HTTPIDLCodingKey.self)"]   // `{}`
                                        : ["var container = encoder.container(keyedBy: HTTPIDLCodingKey.self)"] + sent.map(encodeStatement)))
        }
        return SwiftStruct(doc: doc, access: access, name: name, conformances: ["Codable", "Sendable", "Equatable"], members: members)
    }

    /// The stored property of `field`, or a computed one over its heap storage when it is indirect.
    private func propertyMembers(_ field: ModelField) -> [SwiftMember] {
        let name = field.escapedSwiftName
        let doc = switch field.direction {
        case .both: field.doc
        case .readOnly: field.doc + ["Read-only: sent by the server, never encoded."]
        case .writeOnly: field.doc + ["Write-only: sent to the server, absent in what it returns."]
        }
        guard field.isIndirect else {
            return [.storedProperty(doc: doc, access: access, isLet: false, name: name, type: propertyType(field))]
        }
        let storage = "_\(field.swiftName)"
        let boxed = "HTTPIDLIndirect<\(swiftType(field.type))>"
        return [
            .accessorProperty(doc: doc, access: access, name: name, type: propertyType(field),
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
        let value = field.isNullable ? ".absent" : field.defaultValue.map(defaultLiteral) ?? (field.isOptional ? "nil" : nil)
        return SwiftParameter(label: field.escapedSwiftName, name: field.escapedSwiftName, type: propertyType(field), defaultValue: value)
    }

    /// `self.name = try container.decode…(Type.self, forKey: "key")`, with `?? default` for a `DEFAULT`.
    private func decodeStatement(_ field: ModelField) -> String {
        let call = (field.defaultValue != nil || field.isOptional) && !field.isNullable ? "try container.decodeIfPresent(" : "try container.decode("
        let type = field.isIndirect ? "HTTPIDLIndirect<\(swiftType(field.type))>" : field.isNullable ? propertyType(field) : swiftType(field.type)
        let fallback = field.defaultValue.map { " ?? " + defaultLiteral($0) } ?? ""
        return "\(storageName(field)) = \(call)\(type).self, forKey: \(Naming.stringLiteral(field.wireKey)))\(fallback)"
    }

    /// `try container.encode…(self.name, forKey: "key")` (`encodeIfPresent` for an optional).
    func encodeStatement(_ field: ModelField) -> String {
        let call = field.isOptional && !field.isNullable ? "try container.encodeIfPresent(" : "try container.encode("
        return "\(call)\(storageName(field)), forKey: \(Naming.stringLiteral(field.wireKey)))"
    }

    /// `self.name`, or `self._name` (the heap storage) of an indirect field.
    private func storageName(_ field: ModelField) -> String {
        field.isIndirect ? "self._" + field.swiftName : "self." + field.escapedSwiftName
    }

    /// The coding key of every generated struct: the wire key, from a string literal.
    var codingKey: SwiftStruct {
        SwiftStruct(
            doc: ["The coding key of the generated structs: the wire key as written."],
            access: "fileprivate", name: "HTTPIDLCodingKey", conformances: ["CodingKey", "ExpressibleByStringLiteral"],
            members: [
                .storedProperty(doc: [], access: "", isLet: true, name: "stringValue", type: "String"),
                .computedProperty(doc: [], access: "", name: "intValue", type: "Int?", body: ["nil"]),
                .initializer(doc: [], access: "", modifiers: "", parameters: [SwiftParameter(label: "stringValue", name: "stringValue", type: "String")],
                             throwing: false, body: ["self.stringValue = stringValue"]),
                .initializer(doc: [], access: "", modifiers: "", parameters: [SwiftParameter(label: "stringLiteral", name: "value", type: "String")],
                             throwing: false, body: ["self.stringValue = value"]),
                .initializer(doc: [], access: "", modifiers: "", parameters: [SwiftParameter(label: "intValue", name: "intValue", type: "Int")],
                             throwing: false, body: ["self.stringValue = String(intValue)"]),
            ])
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

/// Unions: an `indirect enum` with one case per member type; decoding tries the members in order (or, with a
/// discriminator, decodes the member its property names) and keeps any other value in the fallback case, so a new
/// shape from the server never breaks decoding.
extension SwiftGenerator {
    // MARK: - Unions

    func unionDeclaration(_ model: ModelUnion) -> SwiftEnum {
        var cases = model.cases.map { SwiftEnum.Case(name: Naming.escaped($0.swiftName), associatedValue: swiftType($0.type)) }
        cases.append(SwiftEnum.Case(doc: ["A value that none of the member types decodes."], name: model.fallbackName,
                                    associatedValue: "JSONValue"))
        let members: [SwiftMember] = model.discriminator.map { discriminatedMembers(model, property: $0) } ?? [
            .initializer(doc: ["Decodes the first member type that matches, else keeps the value in `.\(model.fallbackName)`."],
                         access: access, modifiers: "",
                         parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwing: true,
                         body: trialDecoding(model)),
            .function(doc: ["Encodes the value of the case."], access: access, isStatic: false,
                      signature: "encode(to encoder: any Encoder) throws", body: plainEncoding(model)),
        ]
        var declaration = SwiftEnum(doc: model.doc, access: access, name: model.name, conformances: ["Codable", "Sendable", "Equatable"],
                                    cases: cases, members: members)
        declaration.isIndirect = true
        return declaration
    }

    /// Tries each member type in order; keeps anything else in the fallback case.
    private func trialDecoding(_ model: ModelUnion) -> [String] {
        var decode = ["let container = try decoder.singleValueContainer()"]
        for item in model.cases {
            decode.append("if let value = try? container.decode(\(swiftType(item.type)).self) { self = .\(Naming.escaped(item.swiftName))(value); return }")
        }
        decode.append("self = .\(model.fallbackName)(try container.decode(JSONValue.self))")
        return decode
    }

    /// Encodes the case's value as it is.
    private func plainEncoding(_ model: ModelUnion) -> [String] {
        var encode = ["var container = encoder.singleValueContainer()", "switch self {"]
        for item in model.cases + [ModelUnion.Case(swiftName: model.fallbackName, type: .scalar(.any))] {
            encode.append("case .\(Naming.escaped(item.swiftName))(let value): try container.encode(value)")
        }
        return encode + ["}"]
    }

    /// A discriminated union: the `property` of the JSON object selects the member to decode (another value or none:
    /// the fallback case), and encoding writes the member's value next to its fields.
    private func discriminatedMembers(_ model: ModelUnion, property: String) -> [SwiftMember] {
        var decode = ["let tag = try? decoder.container(keyedBy: DiscriminatorKey.self).decode(String.self, forKey: .discriminator)",
                      "switch tag {"]
        var encode = ["switch self {"]
        for item in model.cases {
            let (name, tag) = (Naming.escaped(item.swiftName), Naming.stringLiteral(item.tag ?? item.swiftName))
            decode.append("case \(tag): self = .\(name)(try \(swiftType(item.type))(from: decoder))")
            encode.append("case .\(name)(let value):")
            encode.append("    try value.encode(to: encoder)")
            encode.append("    var container = encoder.container(keyedBy: DiscriminatorKey.self)")
            encode.append("    try container.encode(\(tag), forKey: .discriminator)")
        }
        decode += ["default: self = .\(model.fallbackName)(try decoder.singleValueContainer().decode(JSONValue.self))", "}"]
        encode += ["case .\(model.fallbackName)(let value):", "    var container = encoder.singleValueContainer()",
                   "    try container.encode(value)", "}"]
        let key = SwiftEnum(access: "private", name: "DiscriminatorKey", conformances: ["String", "CodingKey"],
                            cases: [SwiftEnum.Case(name: "discriminator", rawValue: Naming.stringLiteral(property))])
        return [
            .nested(.enumeration(key)),
            .initializer(doc: ["Decodes the member named by the `\(property)` property, else keeps the value in `.\(model.fallbackName)`."],
                         access: access, modifiers: "",
                         parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwing: true, body: decode),
            .function(doc: ["Encodes the value of the case with its `\(property)`."], access: access, isStatic: false,
                      signature: "encode(to encoder: any Encoder) throws", body: encode),
        ]
    }
}

/// Unions: an `indirect enum` with one case per member type; decoding tries the members in order and keeps
/// any other value in the fallback case, so a new shape from the server never breaks decoding.
extension SwiftGenerator {
    // MARK: - Unions

    func unionDeclaration(_ model: ModelUnion) -> SwiftEnum {
        var cases = model.cases.map { SwiftEnum.Case(name: Naming.escaped($0.swiftName), associatedValue: swiftType($0.type)) }
        cases.append(SwiftEnum.Case(doc: ["A value that none of the member types decodes."], name: model.fallbackName,
                                    associatedValue: "JSONValue"))
        var decode = ["let container = try decoder.singleValueContainer()"]
        for item in model.cases {
            decode.append("if let value = try? container.decode(\(swiftType(item.type)).self) { self = .\(Naming.escaped(item.swiftName))(value); return }")
        }
        decode.append("self = .\(model.fallbackName)(try container.decode(JSONValue.self))")
        var encode = ["var container = encoder.singleValueContainer()", "switch self {"]
        for item in model.cases + [ModelUnion.Case(swiftName: model.fallbackName, type: .scalar(.any))] {
            encode.append("case .\(Naming.escaped(item.swiftName))(let value): try container.encode(value)")
        }
        encode.append("}")
        let members: [SwiftMember] = [
            .initializer(doc: ["Decodes the first member type that matches, else keeps the value in `.\(model.fallbackName)`."],
                         access: access, modifiers: "",
                         parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwing: true, body: decode),
            .function(doc: ["Encodes the value of the case."], access: access, isStatic: false,
                      signature: "encode(to encoder: any Encoder) throws", body: encode),
        ]
        var declaration = SwiftEnum(doc: model.doc, access: access, name: model.name, conformances: ["Codable", "Sendable", "Equatable"],
                                    cases: cases, members: members)
        declaration.isIndirect = true
        return declaration
    }
}

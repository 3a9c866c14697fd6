/// Enums with a fallback case that keeps unknown raw values.
extension SwiftGenerator {
    // MARK: - Enums

    func enumDeclaration(_ model: ModelEnum) -> SwiftEnum {
        let raw = model.rawType.swiftName
        var cases = model.cases.map { SwiftEnum.Case(doc: $0.doc, name: Naming.escaped($0.swiftName)) }
        cases.append(SwiftEnum.Case(doc: ["A value this version of the API does not know."], name: model.fallbackName, associatedValue: raw))
        var initBody = ["switch rawValue {"]
        for item in model.cases { initBody.append("case \(item.rawLiteral): self = .\(Naming.escaped(item.swiftName))") }
        initBody += ["default: self = .\(model.fallbackName)(rawValue)", "}"]
        var rawBody = ["switch self {"]
        for item in model.cases { rawBody.append("case .\(Naming.escaped(item.swiftName)): \(item.rawLiteral)") }
        rawBody += ["case .\(model.fallbackName)(let rawValue): rawValue", "}"]
        let members: [SwiftMember] = [
            .initializer(doc: ["Creates the case for `rawValue`; unknown values become `.\(model.fallbackName)`."], access: access, modifiers: "",
                         parameters: [SwiftParameter(label: "rawValue", name: "rawValue", type: raw)], throwing: false, body: initBody),
            .computedProperty(doc: ["The value sent on the wire."], access: access, name: "rawValue", type: raw, body: rawBody),
            .initializer(doc: ["Decodes the raw value; never fails for an unknown value."], access: access, modifiers: "",
                         parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwing: true,
                         body: ["self.init(rawValue: try decoder.singleValueContainer().decode(\(raw).self))"]),
            .function(doc: ["Encodes the raw value."], access: access, isStatic: false, signature: "encode(to encoder: any Encoder) throws",
                      body: ["var container = encoder.singleValueContainer()", "try container.encode(self.rawValue)"]),
        ]
        return SwiftEnum(doc: model.doc, access: access, name: model.name,
                         conformances: ["RawRepresentable", "Codable", "Sendable", "Hashable"], cases: cases, members: members)
    }
}

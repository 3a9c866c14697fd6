/// `ENUM` checks: raw types, case names and raw values.
extension SemanticAnalyzer {
    // MARK: - Enums

    mutating func analyzeEnum(_ syntax: EnumSyntax) {
        guard let symbol = symbols[syntax.name.text], symbol.fileIndex == fileIndex, symbol.range == syntax.name.range else { return }
        guard let raw = enumRawType(syntax.rawType) else {
            report(.error, "an ENUM's raw type must be STRING or an integer type, not '\(syntax.rawType.canonical)'", at: syntax.rawType.range)
            return
        }
        var cases: [ModelEnum.Case] = []
        var names: [String: SourceRange] = [:]
        var values: [String: SourceRange] = [:]
        for item in syntax.cases {
            let swiftName = Naming.lowerCamel(item.name.text)
            guard !swiftName.isEmpty else {
                report(.error, "enum case '\(item.name.text)' has no letters or digits to name a Swift case", at: item.name.range)
                continue
            }
            if let previous = names[swiftName] {
                report(.error, "duplicate enum case '\(item.name.text)'", at: item.name.range,
                       notes: [.init(range: previous, message: "first declared here")])
                continue
            }
            let rawLiteral: String
            switch (raw, item.value.value) {
            case (.string, .string(let text)):
                rawLiteral = Naming.stringLiteral(text)
            case (_, .integer(let text)) where raw.isInteger:
                guard raw.fits(integer: text) else {
                    report(.error, "raw value \(text) does not fit in \(raw.rawValue)", at: item.value.range)
                    continue
                }
                rawLiteral = text
            default:
                report(.error, "raw value of case '\(item.name.text)' must be \(raw == .string ? "a string" : "an integer") to match '\(raw.rawValue)'", at: item.value.range)
                continue
            }
            let valueKey = raw.isInteger ? (Int64(rawLiteral).map(String.init) ?? UInt64(rawLiteral).map(String.init) ?? rawLiteral) : rawLiteral
            if let previous = values[valueKey] {
                report(.error, "duplicate raw value in ENUM '\(syntax.name.text)'", at: item.value.range,
                       notes: [.init(range: previous, message: "first used here")])
                continue
            }
            values[valueKey] = item.value.range
            names[swiftName] = item.name.range
            cases.append(.init(swiftName: swiftName, rawLiteral: rawLiteral, doc: item.doc))
        }
        let fallback = ["unknown", "unrecognized", "unknownValue"].first { names[$0] == nil } ?? "httpidlUnknown"
        enums[syntax.name.text] = ModelEnum(name: syntax.name.text, doc: syntax.doc, rawType: raw, cases: cases, fallbackName: fallback)
    }
}

/// `UNION` checks: member types resolve, can travel in JSON, and are distinct; case names from the types.
extension SemanticAnalyzer {
    mutating func analyzeUnion(_ syntax: UnionSyntax) -> ModelUnion? {
        var cases: [ModelUnion.Case] = []
        var seen: [ModelType: SourceRange] = [:]
        var names: Set<String> = []
        var failed = false
        for member in syntax.members {
            guard let type = resolve(member), check(type, usage: .json, at: member.range) else {
                failed = true
                continue
            }
            if type == .scalar(.any) {
                report(.error, "ANY in a UNION would match every value; the union already keeps unknown values in its fallback case",
                       at: member.range)
                failed = true
                continue
            }
            if let previous = seen[type] {
                report(.error, "duplicate member type '\(member.canonical)' in UNION '\(syntax.name.text)'", at: member.range,
                       notes: [.init(range: previous, message: "first listed here")])
                failed = true
                continue
            }
            seen[type] = member.range
            let base = Naming.memberName(Self.caseName(type))
            var name = base
            var counter = 2
            while names.contains(name) {
                name = base + String(counter)
                counter += 1
            }
            names.insert(name)
            cases.append(ModelUnion.Case(swiftName: name, type: type))
        }
        guard !failed else { return nil }
        let fallback = ["unknown", "unrecognized", "unknownValue"].first { !names.contains($0) } ?? "httpidlUnknown"
        return ModelUnion(name: syntax.name.text, doc: syntax.doc, cases: cases, fallbackName: fallback)
    }

    /// `Pet` → `pet`, `STRING` → `string`, `ARRAY<Pet>` → `petArray`, `DICT<STRING, INT32>` → `int32Dictionary`.
    static func caseName(_ type: ModelType) -> String {
        switch type {
        case .scalar(let scalar): Naming.lowerCamel(scalar.swiftName)
        case .array(let element): caseName(element) + "Array"
        case .dictionary(_, let value): caseName(value) + "Dictionary"
        case .structure(let name), .enumeration(let name, _), .external(let name): Naming.lowerCamel(name)
        }
    }
}

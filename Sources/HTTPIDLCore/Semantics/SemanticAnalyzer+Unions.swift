/// `UNION` checks: member types resolve, can travel in JSON, and are distinct; case names from the types; with a
/// discriminator, every member is a STRUCT with its own tag.
extension SemanticAnalyzer {
    mutating func analyzeUnion(_ syntax: UnionSyntax) -> ModelUnion? {
        var cases: [ModelUnion.Case] = []
        var seen: [ModelType: SourceRange] = [:]
        var names: Set<String> = []
        var failed = !checkDiscriminator(syntax)
        for (index, member) in syntax.members.enumerated() {
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
            if syntax.discriminator != nil, !type.isStructure {
                report(.error, "a member of a UNION with a discriminator must be a STRUCT (a JSON object with the property)", at: member.range)
                failed = true
                continue
            }
            let base = Naming.memberName(Self.caseName(type))
            var name = base
            var counter = 2
            while names.contains(name) {
                name = base + String(counter)
                counter += 1
            }
            names.insert(name)
            cases.append(ModelUnion.Case(swiftName: name, type: type, tag: index < syntax.tags.count ? syntax.tags[index]?.text : nil))
        }
        guard !failed else { return nil }
        let fallback = ["unknown", "unrecognized", "unknownValue"].first { !names.contains($0) } ?? "httpidlUnknown"
        return ModelUnion(name: syntax.name.text, doc: syntax.doc, cases: cases, fallbackName: fallback,
                          discriminator: syntax.discriminator?.text)
    }

    /// A discriminator (`UNION Pet = kind`) needs a distinct tag on every member, each a STRUCT (a JSON object that
    /// has the property); tags need a discriminator. False after reporting what is wrong.
    private mutating func checkDiscriminator(_ syntax: UnionSyntax) -> Bool {
        var ok = true
        var seen: [String: SourceRange] = [:]
        for (member, tag) in zip(syntax.members, syntax.tags) {
            guard syntax.discriminator != nil else {
                if let tag {
                    report(.error, "a member's '= \(tag.text)' names it by a discriminator; write 'UNION \(syntax.name.text) = property'",
                           at: tag.range)
                    ok = false
                }
                continue
            }
            guard let tag else {
                report(.error, "every member of a UNION with a discriminator needs its value: '\(member.canonical) = value;'", at: member.range)
                ok = false
                continue
            }
            if let previous = seen[tag.text] {
                report(.error, "duplicate discriminator value '\(tag.text)' in UNION '\(syntax.name.text)'", at: tag.range,
                       notes: [.init(range: previous, message: "first used here")])
                ok = false
            }
            seen[tag.text] = tag.range
        }
        return ok
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

/// Turns a `SwiftFileModel` into Swift source: four-space indentation, one blank line between declarations and
/// between members (stored properties and type aliases stay grouped), `\n` line endings, a trailing newline.
/// A short computed property is written on one line; an initializer whose line is longer than 120 columns
/// has one parameter a line; a type without members is written `Name {}`.
struct SwiftRenderer {
    private var output = ""
    private var depth = 0
    private var lastLineIsBlankOrOpensBlock = true

    /// The Swift source of `file`: the header comment, the imports, then each declaration after a blank line, the
    /// file's helpers last.
    static func render(_ file: SwiftFileModel) -> String {
        render(file, parts: 1)[0]
    }

    /// `file` in `parts` files of about equal size, cut between top-level declarations (a part may be left with
    /// none): each has the header and the imports, and ends with the helpers (file-private, so each part needs them).
    static func render(_ file: SwiftFileModel, parts: Int) -> [String] {
        var prefix = SwiftRenderer()
        for line in file.header { prefix.emit(line.isEmpty ? "//" : "// " + line) }
        if !file.header.isEmpty { prefix.blank() }
        for module in file.imports { prefix.emit("import " + module) }
        let texts = file.declarations.map(renderAlone)
        let helpers = file.helpers.map(renderAlone).joined()
        let total = texts.reduce(0) { $0 + $1.utf8.count }
        let count = max(1, parts)
        var results = Array(repeating: prefix.output, count: count)
        var written = 0
        for text in texts {
            // The part whose share of the whole this declaration starts in.
            let index = min(count - 1, written * count / max(1, total))
            results[index] += text
            written += text.utf8.count
        }
        return results.map { $0 + helpers }
    }

    /// One top-level declaration after its blank line.
    private static func renderAlone(_ declaration: SwiftDeclaration) -> String {
        var renderer = SwiftRenderer()
        renderer.emit("")
        renderer.render(declaration)
        return renderer.output
    }

    /// Emits one line at the current depth (a blank line has no indentation).
    private mutating func emit(_ line: String) {
        if !line.isEmpty { output += indentation + line }
        output += "\n"
        lastLineIsBlankOrOpensBlock = line.isEmpty || line.hasSuffix("{")
    }

    private var indentation: String { String(repeating: " ", count: depth * 4) }

    /// A blank line, unless the last line is blank or opens a block.
    private mutating func blank() {
        if !lastLineIsBlankOrOpensBlock { emit("") }
    }

    /// `///` lines.
    private mutating func doc(_ doc: [String]) {
        for line in doc { emit(line.isEmpty ? "///" : "/// " + line) }
    }

    /// `access ` (nothing for no access modifier).
    private static func prefix(_ access: String) -> String {
        access.isEmpty ? "" : access + " "
    }

    /// `: A, B` (nothing for no conformances).
    private static func conformances(_ conformances: [String]) -> String {
        conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    }

    private mutating func render(_ declaration: SwiftDeclaration) {
        switch declaration {
        case .mark(let text):
            emit("// MARK: - " + text)
        case .typeAlias(let alias):
            render(alias)
        case .structure(let structure):
            renderType(keyword: "struct", structure)
        case .finalClass(let structure):
            renderType(keyword: "final class", structure)
        case .enumeration(let enumeration):
            render(enumeration)
        }
    }

    private mutating func render(_ alias: SwiftTypeAlias) {
        doc(alias.doc)
        emit(Self.prefix(alias.access) + "typealias " + alias.name + " = " + alias.type)
    }

    /// A struct or class; `Name {}` on one line when it has no members.
    private mutating func renderType(keyword: String, _ structure: SwiftStruct) {
        doc(structure.doc)
        let opening = Self.prefix(structure.access) + keyword + " " + structure.name + structure.genericParameters
            + Self.conformances(structure.conformances)
        guard !structure.members.isEmpty else {
            emit(opening + " {}")
            return
        }
        emit(opening + " {")
        depth += 1
        var spacing = MemberSpacing(leadingBlank: false)
        for member in structure.members { render(member, &spacing) }
        depth -= 1
        emit("}")
    }

    private mutating func render(_ enumeration: SwiftEnum) {
        doc(enumeration.doc)
        let keyword = enumeration.isIndirect ? "indirect enum " : "enum "
        emit(Self.prefix(enumeration.access) + keyword + enumeration.name + Self.conformances(enumeration.conformances) + " {")
        depth += 1
        for item in enumeration.cases {
            doc(item.doc)
            let associated = item.associatedValue.map { "(" + $0 + ")" } ?? ""
            let raw = item.rawValue.map { " = " + $0 } ?? ""
            emit("case " + item.name + associated + raw)
        }
        var spacing = MemberSpacing(leadingBlank: !enumeration.cases.isEmpty)
        for member in enumeration.members { render(member, &spacing) }
        depth -= 1
        emit("}")
    }

    /// What sets one member of a type off from the one before it: stored properties stay together, and so do
    /// type aliases; anything else is set off by blank lines.
    private enum MemberKind {
        case storedProperty, typeAlias, other
    }

    /// The spacing state of the members of one type.
    private struct MemberSpacing {
        /// The kind of the member before (`nil` before the first).
        var previous: MemberKind?
        /// Whether the first member is set off too (after enum cases).
        let leadingBlank: Bool
    }

    /// Renders one member of a type after the blank line, if any, that sets it off from the one before.
    private mutating func render(_ member: SwiftMember, _ spacing: inout MemberSpacing) {
        let kind: MemberKind
        switch member {
        case .storedProperty: kind = .storedProperty
        case .typeAlias: kind = .typeAlias
        default: kind = .other
        }
        if let previous = spacing.previous {
            if kind == .other || kind != previous { blank() }
        } else if spacing.leadingBlank {
            blank()
        }
        spacing.previous = kind
        render(member)
    }

    private mutating func render(_ member: SwiftMember) {
        switch member {
        case .storedProperty(let docLines, let access, let isLet, let name, let type):
            doc(docLines)
            emit(Self.prefix(access) + (isLet ? "let " : "var ") + name + ": " + type)
        case .computedProperty(let docLines, let access, let name, let type, let statements):
            doc(docLines)
            computedProperty(access: access, name: name, type: type, statements: statements)
        case .accessorProperty(let docLines, let access, let name, let type, let getter, let setter):
            doc(docLines)
            emit(Self.prefix(access) + "var " + name + ": " + type + " {")
            block(["get { " + getter + " }", "set { " + setter + " }"])
        case .initializer(let docLines, let access, let modifiers, let parameters, let throwing, let statements):
            doc(docLines)
            initializer(access: access, modifiers: modifiers, parameters: parameters, throwing: throwing, statements: statements)
        case .function(let docLines, let access, let isStatic, let signature, let statements):
            doc(docLines)
            emit(Self.prefix(access) + (isStatic ? "static " : "") + "func " + signature + " {")
            block(statements)
        case .typeAlias(let alias):
            render(alias)
        case .nested(let declaration):
            render(declaration)
        }
    }

    /// The statements of a block opened on the line before, one level deeper, then `}`.
    private mutating func block(_ statements: [String]) {
        depth += 1
        for statement in statements { emit(statement) }
        depth -= 1
        emit("}")
    }

    /// `access var name: Type { statement }` on one line when the statement, the name and the type have fewer
    /// than 90 characters together; otherwise the statements on lines of their own.
    private mutating func computedProperty(access: String, name: String, type: String, statements: [String]) {
        let opening = Self.prefix(access) + "var " + name + ": " + type + " {"
        if statements.count == 1, statements[0].count + name.count + type.count < 90 {
            emit(opening + " " + statements[0] + " }")
        } else {
            emit(opening)
            block(statements)
        }
    }

    /// `init(a: A, b: B = x) {`, or one parameter a line when the line would be longer than 120 columns;
    /// then the statements, one a line (`init(…) {}` when there are none).
    private mutating func initializer(access: String, modifiers: String, parameters: [SwiftParameter], throwing: Bool,
                                      statements: [String]) {
        let head = Self.prefix(access) + (modifiers.isEmpty ? "" : modifiers + " ") + "init("
        let tail = throwing ? ") throws {" : ") {"
        let list = parameters.map(Self.parameter)
        guard !statements.isEmpty else {
            emit(head + list.joined(separator: ", ") + tail + "}")
            return
        }
        let line = head + list.joined(separator: ", ") + tail
        // Columns count characters; the line's indentation is part of the limit.
        if depth * 4 + line.count > 120 {
            emit(head)
            depth += 1
            for (index, parameter) in list.enumerated() { emit(index + 1 < list.count ? parameter + "," : parameter) }
            depth -= 1
            emit(tail)
        } else {
            emit(line)
        }
        block(statements)
    }

    /// `label name: Type = default` (`label: Type` when the two are the same, `_ name: Type` without a label).
    private static func parameter(_ parameter: SwiftParameter) -> String {
        var text: String
        if let label = parameter.label {
            text = label == parameter.name ? label : label + " " + parameter.name
        } else {
            text = "_ " + parameter.name
        }
        text += ": " + parameter.type
        if let value = parameter.defaultValue { text += " = " + value }
        return text
    }
}

/// Renders a `SwiftFileModel` as Swift source: four-space indentation, one blank line between members
/// (stored properties and type aliases stay grouped), `\n` line endings, a trailing newline.
struct SwiftRenderer {
    private var output: [UInt8] = []
    private var lastLineIsBlankOrOpensBlock = true
    private var depth = 0

    /// Renders a file.
    static func render(_ file: SwiftFileModel) -> String {
        var renderer = SwiftRenderer()
        renderer.output.reserveCapacity(1 << 16)
        for line in file.header { renderer.emit(line.isEmpty ? "//" : "// \(line)") }
        if !file.header.isEmpty { renderer.blank() }
        for module in file.imports { renderer.emit("import \(module)") }
        for declaration in file.declarations {
            renderer.blank()
            renderer.render(declaration)
        }
        return String(decoding: renderer.output, as: UTF8.self)
    }

    /// Renders top-level declarations, each preceded by a blank line — the bytes `render` emits for them
    /// after the imports (so chunks rendered separately join into the same file).
    static func renderDeclarations(_ declarations: [SwiftDeclaration]) -> [UInt8] {
        var renderer = SwiftRenderer()
        renderer.output.reserveCapacity(declarations.count * 512)
        for declaration in declarations {
            renderer.emit("")
            renderer.render(declaration)
        }
        return renderer.output
    }

    private mutating func emit(_ line: String) {
        emit(parts: line)
    }

    /// Emits one line made of `parts`, appended straight to the output (no intermediate line string).
    private mutating func emit(parts: String...) {
        var isEmpty = true
        var last: UInt8 = 0
        for part in parts where !part.isEmpty {
            if isEmpty {
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 4))
                isEmpty = false
            }
            output.append(contentsOf: part.utf8)
            last = part.utf8.last ?? last
        }
        output.append(UInt8(ascii: "\n"))
        lastLineIsBlankOrOpensBlock = isEmpty || last == UInt8(ascii: "{")
    }

    private mutating func blank() {
        if !lastLineIsBlankOrOpensBlock { emit("") }
    }

    private mutating func doc(_ doc: [String]) {
        for line in doc { emit(parts: line.isEmpty ? "///" : "/// ", line) }
    }

    private func prefix(_ access: String) -> String { access.isEmpty ? "" : access + " " }

    private mutating func render(_ declaration: SwiftDeclaration) {
        switch declaration {
        case .mark(let text):
            emit("// MARK: - \(text)")
        case .typeAlias(let alias):
            doc(alias.doc)
            emit("\(prefix(alias.access))typealias \(alias.name) = \(alias.type)")
        case .structure(let structure):
            renderType(keyword: "struct", structure)
        case .finalClass(let structure):
            renderType(keyword: "final class", structure)
        case .enumeration(let enumeration):
            doc(enumeration.doc)
            let keyword = enumeration.isIndirect ? "indirect enum" : "enum"
            emit("\(prefix(enumeration.access))\(keyword) \(enumeration.name)\(conformanceList(enumeration.conformances)) {")
            depth += 1
            for item in enumeration.cases {
                doc(item.doc)
                let associated = item.associatedValue.map { "(\($0))" } ?? ""
                let raw = item.rawValue.map { " = \($0)" } ?? ""
                emit("case \(item.name)\(associated)\(raw)")
            }
            renderMembers(enumeration.members, leadingBlank: !enumeration.cases.isEmpty)
            depth -= 1
            emit("}")
        }
    }

    private func conformanceList(_ conformances: [String]) -> String {
        conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    }

    private mutating func renderType(keyword: String, _ structure: SwiftStruct) {
        doc(structure.doc)
        let header = "\(prefix(structure.access))\(keyword) \(structure.name)\(structure.genericParameters)\(conformanceList(structure.conformances))"
        if structure.members.isEmpty {
            emit(header + " {}")
            return
        }
        emit(header + " {")
        depth += 1
        renderMembers(structure.members, leadingBlank: false)
        depth -= 1
        emit("}")
    }

    private static func isGrouped(_ member: SwiftMember) -> Bool {
        switch member {
        case .storedProperty, .typeAlias: true
        default: false
        }
    }

    private mutating func renderMembers(_ members: [SwiftMember], leadingBlank: Bool) {
        var previous: SwiftMember?
        for member in members {
            if let previous {
                let sameGroup = Self.isGrouped(previous) && Self.kindIndex(previous) == Self.kindIndex(member)
                if !sameGroup { blank() }
            } else if leadingBlank {
                blank()
            }
            render(member)
            previous = member
        }
    }

    private static func kindIndex(_ member: SwiftMember) -> Int {
        switch member {
        case .storedProperty: 0
        case .typeAlias: 1
        default: 2
        }
    }

    private mutating func body(_ statements: [String]) {
        depth += 1
        for statement in statements { emit(statement) }
        depth -= 1
    }

    private mutating func render(_ member: SwiftMember) {
        switch member {
        case .storedProperty(let docLines, let access, let isLet, let name, let type):
            doc(docLines)
            emit(parts: access, access.isEmpty ? "" : " ", isLet ? "let " : "var ", name, ": ", type)
        case .computedProperty(let docLines, let access, let name, let type, let statements):
            doc(docLines)
            if statements.count == 1, statements[0].count + name.count + type.count < 90 {
                emit(parts: access, access.isEmpty ? "" : " ", "var ", name, ": ", type, " { ", statements[0], " }")
            } else {
                emit("\(prefix(access))var \(name): \(type) {")
                body(statements)
                emit("}")
            }
        case .accessorProperty(let docLines, let access, let name, let type, let getter, let setter):
            doc(docLines)
            emit("\(prefix(access))var \(name): \(type) {")
            depth += 1
            emit("get { \(getter) }")
            emit("set { \(setter) }")
            depth -= 1
            emit("}")
        case .initializer(let docLines, let access, let modifiers, let parameters, let throwing, let statements):
            doc(docLines)
            let list = parameters.map { parameter -> String in
                let label = parameter.label.map { $0 == parameter.name ? $0 : "\($0) \(parameter.name)" } ?? "_ \(parameter.name)"
                return "\(label): \(parameter.type)" + (parameter.defaultValue.map { " = \($0)" } ?? "")
            }
            let head = "\(prefix(access))\(modifiers.isEmpty ? "" : modifiers + " ")init("
            let tail = ")\(throwing ? " throws" : "") {"
            let oneLine = head + list.joined(separator: ", ") + tail
            if statements.isEmpty {
                emit(String(oneLine.dropLast()) + "{}")
            } else {
                if oneLine.count + depth * 4 <= 120 {
                    emit(oneLine)
                } else {
                    emit(head)
                    depth += 1
                    for (index, item) in list.enumerated() { emit(item + (index + 1 < list.count ? "," : "")) }
                    depth -= 1
                    emit(tail)
                }
                body(statements)
                emit("}")
            }
        case .function(let docLines, let access, let isStatic, let signature, let statements):
            doc(docLines)
            emit("\(prefix(access))\(isStatic ? "static " : "")func \(signature) {")
            body(statements)
            emit("}")
        case .typeAlias(let alias):
            doc(alias.doc)
            emit("\(prefix(alias.access))typealias \(alias.name) = \(alias.type)")
        case .nested(let declaration):
            render(declaration)
        }
    }
}

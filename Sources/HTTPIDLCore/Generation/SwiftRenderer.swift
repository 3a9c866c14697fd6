/// Renders a `SwiftFileModel` as Swift source: four-space indentation, one blank line between members
/// (stored properties and type aliases stay grouped), `\n` line endings, a trailing newline.
package struct SwiftRenderer {
    private let output: ByteWriter
    private var lastLineIsBlankOrOpensBlock = true
    private var depth = 0
    /// Where the line being written starts in `output`.
    private var lineStart = 0

    /// Renders a file.
    package static func render(_ file: SwiftFileModel) -> String {
        var renderer = SwiftRenderer(capacity: 1 << 16)
        for line in file.header { renderer.emit(line.isEmpty ? "//" : "// \(line)") }
        if !file.header.isEmpty { renderer.blank() }
        for module in file.imports { renderer.emit("import \(module)") }
        for declaration in file.declarations {
            renderer.blank()
            renderer.render(declaration)
        }
        return renderer.output.string
    }

    /// Renders top-level declarations, each preceded by a blank line — the bytes `render` emits for them
    /// after the imports (so chunks rendered separately join into the same file).
    static func renderDeclarations(_ declarations: [SwiftDeclaration]) -> ByteWriter {
        var renderer = SwiftRenderer(capacity: declarations.count * 1024)
        // Indices rather than `for … in`: the elements are read in place instead of copied out (and
        // released) one by one; the same below.
        for index in declarations.indices {
            renderer.append(declarations[index])
        }
        return renderer.output
    }

    /// A renderer of top-level declarations into a buffer of `capacity` bytes (see `append`).
    init(capacity: Int) {
        output = ByteWriter(capacity: capacity)
    }

    /// Renders one top-level declaration after a blank line, as `renderDeclarations` does for each: a
    /// generator can render each declaration as soon as it is built, and free it before building the next.
    mutating func append(_ declaration: SwiftDeclaration) {
        emit("")
        render(declaration)
    }

    /// What was rendered so far.
    var bytes: ByteWriter { output }

    private mutating func emit(_ line: String) {
        beginLine()
        write(line)
        endLine()
    }

    /// Emits one line made of `parts`, appended straight to the output (no intermediate line string).
    private mutating func emit(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "",
                               _ fifth: String = "", _ sixth: String = "", _ seventh: String = "", _ eighth: String = "") {
        beginLine()
        write(first, second, third, fourth, fifth, sixth)
        write(seventh)
        write(eighth)
        endLine()
    }

    /// Starts a line; its indentation is written with its first non-empty part (a blank line has none).
    private mutating func beginLine() {
        lineStart = output.count
    }

    /// Appends some parts to the current line.
    private mutating func write(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "",
                                _ fifth: String = "", _ sixth: String = "") {
        write(first)
        write(second)
        write(third)
        write(fourth)
        write(fifth)
        write(sixth)
    }

    /// Appends `part` to the current line.
    private mutating func write(_ part: String) {
        if part.isEmpty { return }
        if output.count == lineStart {
            output.append(UInt8(ascii: " "), times: depth * 4)
        }
        output.append(part)
    }

    /// Ends the current line.
    private mutating func endLine() {
        let isEmpty = output.count == lineStart
        lastLineIsBlankOrOpensBlock = isEmpty || output.last == UInt8(ascii: "{")
        output.append(UInt8(ascii: "\n"))
    }

    private mutating func blank() {
        if !lastLineIsBlankOrOpensBlock { emit("") }
    }

    private mutating func doc(_ doc: [String]) {
        for index in doc.indices { emit(doc[index].isEmpty ? "///" : "/// ", doc[index]) }
    }

    private mutating func render(_ declaration: SwiftDeclaration) {
        switch declaration {
        case .mark(let text):
            emit("// MARK: - ", text)
        case .typeAlias(let alias):
            doc(alias.doc)
            emit(alias.access, alias.access.isEmpty ? "" : " ", "typealias ", alias.name, " = ", alias.type)
        case .structure(let structure):
            renderType(keyword: "struct", structure)
        case .finalClass(let structure):
            renderType(keyword: "final class", structure)
        case .enumeration(let enumeration):
            doc(enumeration.doc)
            let keyword = enumeration.isIndirect ? "indirect enum" : "enum"
            beginLine()
            write(enumeration.access, enumeration.access.isEmpty ? "" : " ", keyword, " ", enumeration.name)
            writeConformances(enumeration.conformances)
            write(" {")
            endLine()
            depth += 1
            for index in enumeration.cases.indices {
                let item = enumeration.cases[index]
                doc(item.doc)
                if let associated = item.associatedValue {
                    emit("case ", item.name, "(", associated, ")", item.rawValue == nil ? "" : " = ", item.rawValue ?? "")
                } else {
                    emit("case ", item.name, item.rawValue == nil ? "" : " = ", item.rawValue ?? "")
                }
            }
            renderMembers(enumeration.members, leadingBlank: !enumeration.cases.isEmpty)
            depth -= 1
            emit("}")
        }
    }

    /// Appends `: A, B` (nothing for no conformances).
    private mutating func writeConformances(_ conformances: [String]) {
        for index in conformances.indices { write(index == 0 ? ": " : ", ", conformances[index]) }
    }

    private mutating func renderType(keyword: String, _ structure: SwiftStruct) {
        doc(structure.doc)
        beginLine()
        write(structure.access, structure.access.isEmpty ? "" : " ", keyword, " ", structure.name, structure.genericParameters)
        writeConformances(structure.conformances)
        if structure.members.isEmpty {
            write(" {}")
            endLine()
            return
        }
        write(" {")
        endLine()
        depth += 1
        renderMembers(structure.members, leadingBlank: false)
        depth -= 1
        emit("}")
    }

    private mutating func renderMembers(_ members: [SwiftMember], leadingBlank: Bool) {
        // Stored properties stay together, and so do type aliases; anything else is set off by blank lines.
        var previousGroup: Int?
        for index in members.indices {
            let group = Self.group(members[index])
            if let previousGroup {
                if group == nil || group != previousGroup { blank() }
            } else if leadingBlank {
                blank()
            }
            render(members[index])
            previousGroup = group ?? -1
        }
    }

    /// 0 for a stored property, 1 for a type alias, `nil` for members that are never grouped.
    private static func group(_ member: SwiftMember) -> Int? {
        switch member {
        case .storedProperty: 0
        case .typeAlias: 1
        default: nil
        }
    }

    private mutating func body(_ statements: [String]) {
        depth += 1
        for index in statements.indices { emit(statements[index]) }
        depth -= 1
    }

    private mutating func render(_ member: SwiftMember) {
        switch member {
        case .storedProperty(let docLines, let access, let isLet, let name, let type):
            doc(docLines)
            emit(access, access.isEmpty ? "" : " ", isLet ? "let " : "var ", name, ": ", type)
        case .computedProperty(let docLines, let access, let name, let type, let statements):
            doc(docLines)
            if statements.count == 1, Self.fitsOnOneLine(statements[0], name, type) {
                beginLine()
                write(access, access.isEmpty ? "" : " ", "var ", name, ": ", type)
                write(" { ", statements[0], " }")
                endLine()
            } else {
                emit(access, access.isEmpty ? "" : " ", "var ", name, ": ", type, " {")
                body(statements)
                emit("}")
            }
        case .accessorProperty(let docLines, let access, let name, let type, let getter, let setter):
            doc(docLines)
            emit(access, access.isEmpty ? "" : " ", "var ", name, ": ", type, " {")
            depth += 1
            emit("get { ", getter, " }")
            emit("set { ", setter, " }")
            depth -= 1
            emit("}")
        case .initializer(let docLines, let access, let modifiers, let parameters, let throwing, let statements):
            doc(docLines)
            renderInitializer(access: access, modifiers: modifiers, parameters: parameters, throwing: throwing, statements: statements)
        case .function(let docLines, let access, let isStatic, let signature, let statements):
            doc(docLines)
            emit(access, access.isEmpty ? "" : " ", isStatic ? "static " : "", "func ", signature, " {")
            body(statements)
            emit("}")
        case .typeAlias(let alias):
            doc(alias.doc)
            emit(alias.access, alias.access.isEmpty ? "" : " ", "typealias ", alias.name, " = ", alias.type)
        case .nested(let declaration):
            render(declaration)
        }
    }

    /// `init(a: A, b: B = x) {`, or one parameter a line when the line would be longer than 120 columns.
    private mutating func renderInitializer(access: String, modifiers: String, parameters: [SwiftParameter], throwing: Bool,
                                            statements: [String]) {
        func writeHead() {
            write(access, access.isEmpty ? "" : " ", modifiers, modifiers.isEmpty ? "" : " ", "init(")
        }
        func writeParameter(_ parameter: SwiftParameter) {
            if let label = parameter.label {
                write(label)
                if label != parameter.name { write(" ", parameter.name) }
            } else {
                write("_ ", parameter.name)
            }
            write(": ", parameter.type)
            if let value = parameter.defaultValue { write(" = ", value) }
        }
        let tail = throwing ? ") throws {" : ") {"
        if statements.isEmpty {
            beginLine()
            writeHead()
            for index in parameters.indices {
                if index > 0 { write(", ") }
                writeParameter(parameters[index])
            }
            write(throwing ? ") throws {}" : ") {}")
            endLine()
            return
        }
        beginLine()
        writeHead()
        for index in parameters.indices {
            if index > 0 { write(", ") }
            writeParameter(parameters[index])
        }
        write(tail)
        // Columns count characters; the line's indentation is part of the limit.
        if output.characterCount(from: lineStart) > 120 {
            output.truncate(to: lineStart)
            emit(access, access.isEmpty ? "" : " ", modifiers, modifiers.isEmpty ? "" : " ", "init(")
            depth += 1
            for index in parameters.indices {
                beginLine()
                writeParameter(parameters[index])
                if index + 1 < parameters.count { write(",") }
                endLine()
            }
            depth -= 1
            emit(tail)
        } else {
            endLine()
        }
        body(statements)
        emit("}")
    }

    /// Whether a computed property with this one statement, name and type is written on one line: fewer than
    /// 90 characters in the three. Characters never outnumber UTF-8 bytes, so a short byte count answers
    /// without looking at the text.
    static func fitsOnOneLine(_ statement: String, _ name: String, _ type: String) -> Bool {
        if statement.utf8.count + name.utf8.count + type.utf8.count < 90 { return true }
        return characterCount(statement) + characterCount(name) + characterCount(type) < 90
    }

    /// The number of characters in a string (its UTF-8 count when it is all ASCII).
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
}

/// Writes Swift source: four-space indentation, one blank line between members (stored properties and type
/// aliases stay grouped), `\n` line endings, a trailing newline. The generator writes common declarations
/// straight through its line and member methods, and renders the rest from a `SwiftFileModel`; both go
/// through the same spacing, wrapping and one-line rules.
package struct SwiftRenderer: TextOutputStream {
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
    /// after the imports (so declarations rendered on their own join the file's others).
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

    /// Emits one line.
    mutating func emit(_ line: String) {
        beginLine()
        write(line)
        endLine()
    }

    /// Emits one line made of `parts`, appended straight to the output (no intermediate line string).
    /// Inlined like `write`: most calls pass a few literals.
    @inline(__always)
    mutating func emit(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "",
                       _ fifth: String = "", _ sixth: String = "", _ seventh: String = "", _ eighth: String = "") {
        beginLine()
        write(first, second, third, fourth, fifth, sixth)
        write(seventh)
        write(eighth)
        endLine()
    }

    /// Starts a line; its indentation is written with its first non-empty part (a blank line has none).
    mutating func beginLine() {
        lineStart = output.count
    }

    /// Appends some parts to the current line. Inlined: most calls pass literals and leave the last parts
    /// out, so the caller's code drops the checks and the appends of the parts that are known to be empty.
    @inline(__always)
    mutating func write(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "",
                        _ fifth: String = "", _ sixth: String = "") {
        // As six `write(_:)` calls, without a call for each part: the indentation goes before the first
        // non-empty part (an empty part appends nothing).
        if output.count == lineStart {
            if first.isEmpty, second.isEmpty, third.isEmpty, fourth.isEmpty, fifth.isEmpty, sixth.isEmpty { return }
            output.append(UInt8(ascii: " "), times: depth * 4)
        }
        if !first.isEmpty { output.append(first) }
        if !second.isEmpty { output.append(second) }
        if !third.isEmpty { output.append(third) }
        if !fourth.isEmpty { output.append(fourth) }
        if !fifth.isEmpty { output.append(fifth) }
        if !sixth.isEmpty { output.append(sixth) }
    }

    /// Appends `part` to the current line (the `TextOutputStream` requirement, so the generator can write a
    /// type or a literal straight into the line).
    /// Inlined: most parts are literals, whose length and representation the caller's code then knows.
    @inline(__always)
    package mutating func write(_ part: String) {
        if part.isEmpty { return }
        if output.count == lineStart {
            output.append(UInt8(ascii: " "), times: depth * 4)
        }
        output.append(part)
    }

    /// Ends the current line.
    mutating func endLine() {
        let isEmpty = output.count == lineStart
        lastLineIsBlankOrOpensBlock = isEmpty || output.last == UInt8(ascii: "{")
        output.append(UInt8(ascii: "\n"))
    }

    /// A blank line, unless the last line is blank or opens a block.
    mutating func blank() {
        if !lastLineIsBlankOrOpensBlock { emit("") }
    }

    /// `///` lines.
    mutating func doc(_ doc: [String]) {
        for index in doc.indices { emit(doc[index].isEmpty ? "///" : "/// ", doc[index]) }
    }

    private mutating func render(_ declaration: SwiftDeclaration) {
        switch declaration {
        case .mark(let text):
            emit("// MARK: - ", text)
        case .typeAlias(let alias):
            doc(alias.doc)
            typeAlias(access: alias.access, name: alias.name, type: alias.type)
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
                    enumCase(item.name, rawValue: item.rawValue ?? "")
                }
            }
            var spacing = MemberSpacing(leadingBlank: !enumeration.cases.isEmpty)
            for index in enumeration.members.indices { member(enumeration.members[index], &spacing) }
            depth -= 1
            emit("}")
        }
    }

    /// `case name` or `case name = raw` (no raw value when `rawValue` is empty).
    mutating func enumCase(_ name: String, rawValue: String) {
        emit("case ", name, rawValue.isEmpty ? "" : " = ", rawValue)
    }

    /// `access typealias Name = Type`.
    mutating func typeAlias(access: String, name: String, type: String) {
        emit(access, access.isEmpty ? "" : " ", "typealias ", name, " = ", type)
    }

    /// Appends `: A, B` (nothing for no conformances).
    private mutating func writeConformances(_ conformances: [String]) {
        for index in conformances.indices { write(index == 0 ? ": " : ", ", conformances[index]) }
    }

    /// Writes `access keyword Name<generics>: conformance {`, one level deeper after it; returns what
    /// `closeType` needs. `conformances` is written as it is, after `: ` (none when empty).
    mutating func openType(access: String, keyword: String, name: String, genericParameters: String = "",
                           conformances: String) -> Int {
        beginLine()
        write(access, access.isEmpty ? "" : " ", keyword, " ", name, genericParameters)
        if !conformances.isEmpty { write(": ", conformances) }
        return openBlock()
    }

    /// Ends the line being written with ` {` and goes one level deeper; returns what `closeType` needs.
    mutating func openBlock() -> Int {
        write(" {")
        endLine()
        depth += 1
        return output.count
    }

    /// Closes a type opened at `opened` (what `openType` returned): `}` on its own line, or ` {}` on the
    /// opening line when no member was written.
    mutating func closeType(_ opened: Int) {
        depth -= 1
        if output.count == opened {
            // The opening line ends in " {\n": it becomes " {}\n".
            output.truncate(to: opened - 1)
            write("}")
            endLine()
        } else {
            emit("}")
        }
    }

    /// Closes a block opened by `openBlock`.
    mutating func closeBlock() {
        depth -= 1
        emit("}")
    }

    private mutating func renderType(keyword: String, _ structure: SwiftStruct) {
        doc(structure.doc)
        beginLine()
        write(structure.access, structure.access.isEmpty ? "" : " ", keyword, " ", structure.name, structure.genericParameters)
        writeConformances(structure.conformances)
        let opened = openBlock()
        var spacing = MemberSpacing(leadingBlank: false)
        for index in structure.members.indices { member(structure.members[index], &spacing) }
        closeType(opened)
    }

    /// What sets one member of a type off from the one before it: stored properties stay together, and so do
    /// type aliases; anything else is set off by blank lines.
    enum MemberKind {
        case storedProperty, typeAlias, other
    }

    /// The spacing state of the members of one type.
    struct MemberSpacing {
        /// The kind of the member before (`nil` before the first).
        var previous: MemberKind?
        /// Whether the first member is set off too (after enum cases).
        let leadingBlank: Bool

        init(leadingBlank: Bool) {
            self.leadingBlank = leadingBlank
        }
    }

    /// Writes the blank line, if any, that goes before a member of `kind`.
    mutating func beginMember(_ kind: MemberKind, _ spacing: inout MemberSpacing) {
        if let previous = spacing.previous {
            if kind == .other || kind != previous { blank() }
        } else if spacing.leadingBlank {
            blank()
        }
        spacing.previous = kind
    }

    /// Renders one member of a type, set off from the one before as `beginMember` says.
    mutating func member(_ member: SwiftMember, _ spacing: inout MemberSpacing) {
        switch member {
        case .storedProperty: beginMember(.storedProperty, &spacing)
        case .typeAlias: beginMember(.typeAlias, &spacing)
        default: beginMember(.other, &spacing)
        }
        render(member)
    }

    private mutating func body(_ statements: [String]) {
        depth += 1
        for index in statements.indices { emit(statements[index]) }
        depth -= 1
    }

    /// `access var name: ` or `access let name: ` — the type follows.
    mutating func beginStoredProperty(access: String, isLet: Bool, name: String) {
        beginLine()
        write(access, access.isEmpty ? "" : " ", isLet ? "let " : "var ", name, ": ")
    }

    /// `access var name: Type { statement }` on one line when short enough (`fitsOnOneLine(statementFrom:_:_:)`), else with the
    /// statement on a line of its own. `statement` writes the statement; it may be called twice.
    mutating func computedProperty(access: String, name: String, type: String, statement: (inout SwiftRenderer) -> Void) {
        beginLine()
        write(access, access.isEmpty ? "" : " ", "var ", name, ": ", type)
        write(" { ")
        let statementStart = output.count
        statement(&self)
        if fitsOnOneLine(statementFrom: statementStart, name, type) {
            write(" }")
            endLine()
            return
        }
        output.truncate(to: lineStart)
        emit(access, access.isEmpty ? "" : " ", "var ", name, ": ", type, " {")
        depth += 1
        beginLine()
        statement(&self)
        endLine()
        depth -= 1
        emit("}")
    }

    /// Starts `access var name: Type {` with its statements to follow, one a line; `closeBlock` ends it.
    mutating func openComputedProperty(access: String, name: String, type: String) {
        beginLine()
        write(access, access.isEmpty ? "" : " ", "var ", name, ": ", type)
        _ = openBlock()
    }

    private mutating func render(_ member: SwiftMember) {
        switch member {
        case .storedProperty(let docLines, let access, let isLet, let name, let type):
            doc(docLines)
            beginStoredProperty(access: access, isLet: isLet, name: name)
            write(type)
            endLine()
        case .computedProperty(let docLines, let access, let name, let type, let statements):
            doc(docLines)
            if statements.count == 1 {
                computedProperty(access: access, name: name, type: type) { $0.write(statements[0]) }
            } else {
                openComputedProperty(access: access, name: name, type: type)
                for index in statements.indices { emit(statements[index]) }
                closeBlock()
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
            initializer(access: access, modifiers: modifiers, throwing: throwing, parameterCount: parameters.count,
                        parameter: { renderer, index in
                            let parameter = parameters[index]
                            if let label = parameter.label {
                                renderer.write(label)
                                if label != parameter.name { renderer.write(" ", parameter.name) }
                            } else {
                                renderer.write("_ ", parameter.name)
                            }
                            renderer.write(": ", parameter.type)
                            if let value = parameter.defaultValue { renderer.write(" = ", value) }
                        },
                        statementCount: statements.count, statement: { renderer, index in renderer.write(statements[index]) })
        case .function(let docLines, let access, let isStatic, let signature, let statements):
            doc(docLines)
            emit(access, access.isEmpty ? "" : " ", isStatic ? "static " : "", "func ", signature, " {")
            body(statements)
            emit("}")
        case .typeAlias(let alias):
            doc(alias.doc)
            typeAlias(access: alias.access, name: alias.name, type: alias.type)
        case .nested(let declaration):
            render(declaration)
        }
    }

    /// `init(a: A, b: B = x) {`, or one parameter a line when the line would be longer than 120 columns;
    /// then the statements, one a line (`init(…) {}` when there are none). `parameter` writes parameter `i`
    /// (it may be called twice), `statement` writes the text of statement `i`.
    mutating func initializer(access: String, modifiers: String, throwing: Bool, parameterCount: Int,
                              parameter: (inout SwiftRenderer, Int) -> Void,
                              statementCount: Int, statement: (inout SwiftRenderer, Int) -> Void) {
        let tail = throwing ? ") throws {" : ") {"
        beginLine()
        write(access, access.isEmpty ? "" : " ", modifiers, modifiers.isEmpty ? "" : " ", "init(")
        for index in 0..<parameterCount {
            if index > 0 { write(", ") }
            parameter(&self, index)
        }
        if statementCount == 0 {
            write(throwing ? ") throws {}" : ") {}")
            endLine()
            return
        }
        write(tail)
        // Columns count characters; the line's indentation is part of the limit.
        if output.characterCount(from: lineStart) > 120 {
            output.truncate(to: lineStart)
            emit(access, access.isEmpty ? "" : " ", modifiers, modifiers.isEmpty ? "" : " ", "init(")
            depth += 1
            for index in 0..<parameterCount {
                beginLine()
                parameter(&self, index)
                if index + 1 < parameterCount { write(",") }
                endLine()
            }
            depth -= 1
            emit(tail)
        } else {
            endLine()
        }
        depth += 1
        for index in 0..<statementCount {
            beginLine()
            statement(&self, index)
            endLine()
        }
        depth -= 1
        emit("}")
    }

    /// Whether a computed property with the statement written from `offset` on, this name and this type is
    /// written on one line: fewer than 90 characters in the three. Characters never outnumber UTF-8 bytes, so
    /// a short byte count answers without looking at the text.
    private func fitsOnOneLine(statementFrom offset: Int, _ name: String, _ type: String) -> Bool {
        if output.count - offset + name.utf8.count + type.utf8.count < 90 { return true }
        return output.characterCount(from: offset) + Self.characterCount(name) + Self.characterCount(type) < 90
    }

    /// The number of characters in a string (its UTF-8 count when it is all ASCII).
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
}

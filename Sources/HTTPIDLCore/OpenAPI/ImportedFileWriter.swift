/// Renders imported declarations as a `.http` file in the formatter's canonical layout (four-space
/// indentation, one blank line between declarations), so `httpidl format` leaves an import unchanged.
enum ImportedFileWriter {
    /// The text, and the 1-based line each declaration starts on (its comments included).
    static func render(_ declarations: [ImportedDeclaration], header: [String] = []) -> (text: String, startLines: [Int]) {
        var lines: [String] = header.map { "// " + $0 }
        var startLines: [Int] = []
        for declaration in declarations {
            if !lines.isEmpty { lines.append("") }
            startLines.append(lines.count + 1)
            switch declaration {
            case .structure(let name, let doc, let notes, let fields):
                lines += comments(doc: doc, notes: notes, indent: "")
                if fields.isEmpty {
                    lines.append("STRUCT \(name) {}")
                } else {
                    lines.append("STRUCT \(name) {")
                    for field in fields { lines += render(field, indent: "    ") }
                    lines.append("}")
                }
            case .enumeration(let name, let doc, let raw, let cases):
                lines += comments(doc: doc, notes: [], indent: "")
                if cases.isEmpty {
                    lines.append("ENUM \(name) : \(raw) {}")
                } else {
                    lines.append("ENUM \(name) : \(raw) {")
                    for item in cases {
                        lines += comments(doc: item.doc, notes: [], indent: "    ")
                        lines.append("    \(item.name) = \(item.literal);")
                    }
                    lines.append("}")
                }
            case .external(let name):
                lines.append("EXTERN \(name);")
            case .union(let name, let doc, let notes, let discriminator, let members):
                lines += comments(doc: doc, notes: notes, indent: "")
                let header = "UNION \(name)" + (discriminator.map { " = " + key($0) } ?? "")
                if members.isEmpty {
                    lines.append(header + " {}")
                } else {
                    lines.append(header + " {")
                    for member in members { lines.append("    \(member.type)\(member.tag.map { " = " + key($0) } ?? "");") }
                    lines.append("}")
                }
            case .message(let name, let uri, let doc, let notes, let parts):
                lines += comments(doc: doc, notes: notes, indent: "")
                lines.append("MESSAGE(\(name)) \(uri) {")
                for part in parts { lines += render(part) }
                lines.append("}")
            }
        }
        return (lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n", startLines)
    }

    /// A wire key, always quoted (any text reads back as it is).
    private static func key(_ text: String) -> String {
        Naming.stringLiteral(text)
    }

    private static func comments(doc: [String], notes: [String], indent: String) -> [String] {
        notes.map { indent + "// " + $0 } + doc.map { indent + ($0.isEmpty ? "///" : "/// " + $0) }
    }

    private static func render(_ part: ImportedPart) -> [String] {
        var lines = comments(doc: part.doc, notes: part.notes, indent: "    ")
        let header = "    \(part.method.rawValue) \(part.role.rawValue)" + (part.status.map { " \($0)" } ?? "")
            + (part.encoding.map { " " + $0.rawValue } ?? "")
            + (part.isEventStream ? " " + MessagePartSyntax.eventsKeyword : "")
        switch part.content {
        case .single(let type):
            lines.append("\(header) { \(type); }")
        case .fields(let fields, let bodyValue):
            if fields.isEmpty, bodyValue == nil {
                lines.append("\(header) {}")
                return lines
            }
            lines.append("\(header) {")
            for field in fields { lines += render(field, indent: "        ") }
            if let bodyValue { lines.append("        BODY \(bodyValue);") }
            lines.append("    }")
        }
        return lines
    }

    private static func render(_ field: ImportedField, indent: String) -> [String] {
        var text = indent
        if field.isRequired { text += "REQUIRED " }
        if field.isNullable { text += "NULLABLE " }
        if let direction = field.direction { text += direction + " " }
        if let placement = field.placement { text += placement + " " }
        text += "\(field.type) \(field.name)"
        if let key = field.key, key != field.name { text += " = " + self.key(key) }
        if let value = field.defaultValue { text += " DEFAULT " + value }
        return comments(doc: field.doc, notes: field.notes, indent: indent) + [text + ";"]
    }
}

/// Writes a `YAMLNode` tree as pretty-printed JSON (two-space indentation, keys in their stored order), so
/// the same tree always gives the same bytes.
enum JSONWriter {
    static func write(_ node: YAMLNode) -> String {
        var output = ""
        write(node, indent: "", into: &output)
        return output + "\n"
    }

    private static func write(_ node: YAMLNode, indent: String, into output: inout String) {
        switch node.value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let text), .float(let text): output += text
        case .string(let text): output += quoted(text)
        case .sequence(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += indent + "  "
                write(item, indent: indent + "  ", into: &output)
                output += index + 1 < items.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .mapping(let entries):
            guard !entries.isEmpty else { output += "{}"; return }
            output += "{\n"
            for (index, entry) in entries.enumerated() {
                output += indent + "  " + quoted(entry.key) + ": "
                write(entry.value, indent: indent + "  ", into: &output)
                output += index + 1 < entries.count ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

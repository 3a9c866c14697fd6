@testable import HTTPIDLCore

/// Compact text of parsed YAML for table tests: `{a: [int(1), "x"], b: null}`.
enum YAMLTestSupport {
    static func render(_ node: YAMLNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let text): "int(\(text))"
        case .float(let text): "float(\(text))"
        case .string(let text): text.debugDescription
        case .sequence(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        case .mapping(let entries): "{" + entries.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// The rendered document, or `error line:col: message`.
    static func parse(_ text: String) -> String {
        let source = SourceFile(name: "t.yaml", text: text)
        do {
            return render(try YAMLParser.parse(source))
        } catch {
            let location = source.location(of: error.offset)
            return "error \(location.line):\(location.column): \(error.message)"
        }
    }
}

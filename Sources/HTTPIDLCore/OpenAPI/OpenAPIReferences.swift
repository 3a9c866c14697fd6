import Foundation

/// Resolves `$ref`s of one OpenAPI document: local JSON pointers (`#/components/schemas/Pet`, with `~0`, `~1`
/// and percent escapes) and, for 3.1, URIs naming a schema's `$id` with an optional `#/pointer` or `#anchor`
/// fragment (`/api/v31/components/schemas/petdetails#pet_details_id`). References into other files are not
/// followed. Only `$ref` keys where the OpenAPI document expects a reference object are ever resolved: example
/// values are never looked into.
struct OpenAPIReferences {
    let root: YAMLNode
    /// Schemas by `$id`, and anchors by `$id` + `#` + `$anchor` (built on first use).
    private var identified: [String: YAMLNode]?

    init(root: YAMLNode) {
        self.root = root
    }

    /// The node a reference points to, following chains of `$ref`-only nodes (at most 32).
    mutating func resolve(_ reference: String) -> YAMLNode? {
        var target = lookup(reference)
        var hops = 0
        while let node = target, let next = node["$ref"]?.string, node.entries.count == 1, hops < 32 {
            target = lookup(next)
            hops += 1
        }
        return hops == 32 ? nil : target
    }

    /// The node and, when it follows `$ref`, the node it points to (`nil` when it cannot be resolved).
    mutating func dereference(_ node: YAMLNode) -> YAMLNode? {
        guard let reference = node["$ref"]?.string else { return node }
        return resolve(reference)
    }

    private mutating func lookup(_ reference: String) -> YAMLNode? {
        if reference.hasPrefix("#") { return Self.pointer(String(reference.dropFirst()), in: root) }
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        let index = identifiedSchemas()
        if fragment.isEmpty || fragment.hasPrefix("/") {
            guard let schema = index[base] else { return nil }
            return fragment.isEmpty ? schema : Self.pointer(fragment, in: schema)
        }
        return index[base + "#" + fragment]
    }

    private mutating func identifiedSchemas() -> [String: YAMLNode] {
        if let identified { return identified }
        var index: [String: YAMLNode] = [:]
        func walk(_ node: YAMLNode, base: String?, depth: Int) {
            guard depth < YAMLParser.maximumDepth else { return }
            var base = base
            if case .mapping(let entries) = node.value {
                if let id = node["$id"]?.string {
                    base = id
                    if index[id] == nil { index[id] = node }
                }
                if let anchor = node["$anchor"]?.string, let base, index[base + "#" + anchor] == nil {
                    index[base + "#" + anchor] = node
                }
                for entry in entries where entry.key != "example" && entry.key != "examples" {
                    walk(entry.value, base: base, depth: depth + 1)
                }
            } else if case .sequence(let items) = node.value {
                for item in items { walk(item, base: base, depth: depth + 1) }
            }
        }
        walk(root, base: nil, depth: 0)
        identified = index
        return index
    }

    /// A JSON pointer (`/components/schemas/Pet`) inside `node`.
    static func pointer(_ pointer: String, in node: YAMLNode) -> YAMLNode? {
        var current = node
        for rawToken in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = (rawToken.removingPercentEncoding ?? String(rawToken))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current.value {
            case .mapping:
                guard let next = current[token] else { return nil }
                current = next
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}

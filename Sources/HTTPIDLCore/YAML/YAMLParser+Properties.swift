/// Node properties (`&anchor`, `!tag`) and aliases (`*anchor`).
extension YAMLParser {
    /// The anchor and tag written before a node.
    struct Properties {
        var anchor: String?
        var tag: String?
        var offset = 0
        var present: Bool { anchor != nil || tag != nil }
    }

    /// Reads `&name` and `!tag` (in either order) and the spaces after them.
    mutating func readProperties() throws(YAMLError) -> Properties {
        var properties = Properties(offset: position)
        while let scalar = peek(), scalar == "&" || scalar == "!" {
            let start = position
            position += 1
            let name = readName()
            if scalar == "&" {
                if name.isEmpty { throw YAMLError("an anchor needs a name after '&'", at: start) }
                if properties.anchor != nil { throw YAMLError("a node can have only one anchor", at: start) }
                properties.anchor = name
            } else {
                if properties.tag != nil { throw YAMLError("a node can have only one tag", at: start) }
                let tag = "!" + name
                guard Self.supportedTags.contains(tag) else {
                    throw YAMLError("tag '\(tag)' is not supported (only the core schema's !!str, !!int, !!float, !!bool, !!null, !!map and !!seq)",
                                    at: start)
                }
                properties.tag = tag
            }
            while Self.isBlank(peek()) { position += 1 }
            if peek() == "#" { skipInlineSpace() }
        }
        return properties
    }

    static let supportedTags: Set<String> = ["!", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"]

    /// Anchor and alias names: everything up to a blank, a line break or a flow indicator.
    private mutating func readName() -> String {
        let start = position
        while let scalar = peek(), !Self.isBlankOrEnd(scalar), !Self.isFlowIndicator(scalar) { position += 1 }
        return SourceFile.string(scalars[start..<position])
    }

    /// `*name`: the anchored node.
    mutating func readAlias() throws(YAMLError) -> Parsed {
        let start = position
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw YAMLError("an alias needs a name after '*'", at: start) }
        guard let anchored = anchors[name] else { throw YAMLError("unknown alias '*\(name)' (no anchor '&\(name)' before it)", at: start) }
        try Self.checkWeight(anchored.weight, at: start)
        return anchored
    }

    /// Applies a tag and registers an anchor for a parsed node.
    mutating func finish(_ node: YAMLNode, weight: Int, _ properties: Properties) throws(YAMLError) -> Parsed {
        var node = node
        if let tag = properties.tag {
            node = try apply(tag, to: node, at: properties.offset)
        }
        if let anchor = properties.anchor { anchors[anchor] = (node, weight) }
        return (node, weight)
    }

    mutating func finish(_ parsed: Parsed, _ properties: Properties) throws(YAMLError) -> Parsed {
        try finish(parsed.node, weight: parsed.weight, properties)
    }

    private func apply(_ tag: String, to node: YAMLNode, at offset: Int) throws(YAMLError) -> YAMLNode {
        let matches: Bool
        switch (tag, node.value) {
        case ("!", _), ("!!str", _):
            if case .sequence = node.value { return node }
            if case .mapping = node.value { return node }
            return YAMLNode(.string(node.scalarText ?? (node.value == .null ? rawNullText(node) : "")), offset: node.offset)
        case ("!!int", .integer), ("!!float", .float), ("!!float", .integer), ("!!bool", .bool), ("!!null", .null),
             ("!!map", .mapping), ("!!seq", .sequence):
            matches = true
        default:
            matches = false
        }
        guard matches else { throw YAMLError("the value does not match its tag '\(tag)'", at: offset) }
        return node
    }

    /// The text of a plain null scalar as written (`~`, `null`, or empty).
    private func rawNullText(_ node: YAMLNode) -> String {
        var end = node.offset
        while end < scalars.count, !Self.isBlankOrEnd(scalars[end]), !Self.isFlowIndicator(scalars[end]) { end += 1 }
        return SourceFile.string(scalars[node.offset..<end])
    }
}

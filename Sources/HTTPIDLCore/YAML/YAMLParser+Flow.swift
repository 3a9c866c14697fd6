/// Flow collections: `[a, b]` and `{a: 1, b: 2}`, which may span lines and nest.
extension YAMLParser {
    /// A node in flow context (position at its first character).
    mutating func parseFlowNode() throws(YAMLError) -> Parsed {
        let start = position
        try enter(at: start)
        defer { leave() }
        let properties = try readProperties()
        if properties.present { try skipTrivia(checkingTabs: false) }
        guard let scalar = peek() else { throw YAMLError("unexpected end of input inside a flow collection", at: position) }
        switch scalar {
        case "*":
            if properties.present { throw YAMLError("an alias cannot have an anchor or a tag", at: position) }
            return try readAlias()
        case "[":
            return try finish(parseFlowSequence(), properties)
        case "{":
            return try finish(parseFlowMapping(), properties)
        case ",", "]", "}":
            if properties.present { return try finish(YAMLNode(.null, offset: start), weight: 1, properties) }
            throw YAMLError("expected a value, found '\(scalar)'", at: position)
        case "|", ">", "@", "`":
            throw YAMLError("'\(scalar)' cannot start a value inside a flow collection; quote the value", at: position)
        case "?" where Self.isBlankOrEnd(peek(1)):
            throw YAMLError("explicit mapping keys ('? ') are not supported", at: position)
        case "-" where Self.isBlankOrEnd(peek(1)):
            throw YAMLError("a block sequence cannot appear inside a flow collection", at: position)
        default:
            let contentStart = position
            let (_, value, _) = try readScalar(parentIndent: -1, flow: true)
            if position == contentStart, scalar != "\"", scalar != "'" {
                throw YAMLError("unexpected '\(scalar)' inside a flow collection", at: position)
            }
            return try finish(YAMLNode(value, offset: contentStart), weight: 1, properties)
        }
    }

    private mutating func parseFlowSequence() throws(YAMLError) -> Parsed {
        let open = position
        position += 1
        var items: [YAMLNode] = []
        var weight = 1
        while true {
            try skipTrivia(checkingTabs: false)
            guard let scalar = peek() else { throw YAMLError("unterminated flow sequence: '[' is never closed", at: open) }
            if scalar == "]" {
                position += 1
                break
            }
            let itemStart = position
            let isQuoted = scalar == "\"" || scalar == "'"
            var item = try parseFlowNode()
            try skipTrivia(checkingTabs: false)
            if isValueIndicator(afterQuotedKey: isQuoted) {
                let key = try keyText(item.node, at: itemStart)
                position += 1
                let value = try parseFlowValue(closer: "]")
                item = (YAMLNode(.mapping([YAMLNode.Entry(key: key, keyOffset: itemStart, value: value.node)]), offset: itemStart),
                        1 + value.weight)
            }
            weight += item.weight
            try Self.checkWeight(weight, at: itemStart)
            items.append(item.node)
            try skipTrivia(checkingTabs: false)
            if peek() == "," {
                position += 1
            } else if peek() != "]" {
                if peek() == nil { throw YAMLError("unterminated flow sequence: '[' is never closed", at: open) }
                throw YAMLError("expected ',' or ']' in a flow sequence", at: position)
            }
        }
        return (YAMLNode(.sequence(items), offset: open), weight)
    }

    private mutating func parseFlowMapping() throws(YAMLError) -> Parsed {
        let open = position
        position += 1
        var entries: [YAMLNode.Entry] = []
        var seen: [String: Int] = [:]
        var weight = 1
        while true {
            try skipTrivia(checkingTabs: false)
            guard let scalar = peek() else { throw YAMLError("unterminated flow mapping: '{' is never closed", at: open) }
            if scalar == "}" {
                position += 1
                break
            }
            let keyStart = position
            let isQuoted = scalar == "\"" || scalar == "'"
            let keyNode = try parseFlowNode()
            let key = try keyText(keyNode.node, at: keyStart)
            try skipTrivia(checkingTabs: false)
            var value: Parsed = (YAMLNode(.null, offset: position), 1)
            if isValueIndicator(afterQuotedKey: isQuoted) {
                position += 1
                value = try parseFlowValue(closer: "}")
            }
            if let previous = seen[key] {
                throw YAMLError("duplicate key '\(key)' (first at line \(line(of: previous)))", at: keyStart)
            }
            seen[key] = keyStart
            weight += value.weight
            try Self.checkWeight(weight, at: keyStart)
            entries.append(YAMLNode.Entry(key: key, keyOffset: keyStart, value: value.node))
            try skipTrivia(checkingTabs: false)
            if peek() == "," {
                position += 1
            } else if peek() != "}" {
                if peek() == nil { throw YAMLError("unterminated flow mapping: '{' is never closed", at: open) }
                throw YAMLError("expected ',' or '}' in a flow mapping", at: position)
            }
        }
        return (YAMLNode(.mapping(entries), offset: open), weight)
    }

    /// `:` as a value indicator: followed by a blank or flow indicator, or right after a quoted (JSON-like) key.
    private func isValueIndicator(afterQuotedKey: Bool) -> Bool {
        peek() == ":" && (afterQuotedKey || Self.isBlankOrEnd(peek(1)) || Self.isFlowIndicator(peek(1)))
    }

    private mutating func parseFlowValue(closer: Unicode.Scalar) throws(YAMLError) -> Parsed {
        try skipTrivia(checkingTabs: false)
        if peek() == "," || peek() == closer { return (YAMLNode(.null, offset: position), 1) }
        return try parseFlowNode()
    }

    private func keyText(_ node: YAMLNode, at offset: Int) throws(YAMLError) -> String {
        switch node.value {
        case .sequence, .mapping: throw YAMLError("a collection as a mapping key is not supported", at: offset)
        case .null: return ""
        default: return node.scalarText ?? ""
        }
    }
}

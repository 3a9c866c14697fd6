/// Block collections: nodes laid out by indentation.
///
/// Convention of every `parse…` function: it starts at the node's first character and returns with the
/// position right after the node's last character (before any trailing space, comment or line break).
extension YAMLParser {
    /// A node in block context. `allowsBlockCollection` is false after `key: ` on the same line, where no
    /// block mapping or sequence may start.
    mutating func parseBlockNode(parentIndent: Int, allowsBlockCollection: Bool) throws(YAMLError) -> Parsed {
        let start = position
        try enter(at: start)
        defer { leave() }
        let properties = try readProperties()
        if properties.present, Self.isBreak(peek()) || peek() == nil {
            return try parseNodeBelowProperties(start: start, parentIndent: parentIndent, properties)
        }
        let contentStart = position
        guard let scalar = peek() else { return try finish(YAMLNode(.null, offset: start), weight: 1, properties) }
        switch scalar {
        case "*":
            if properties.present { throw YAMLError("an alias cannot have an anchor or a tag", at: contentStart) }
            let parsed = try readAlias()
            let save = position
            while Self.isBlank(peek()) { position += 1 }
            if peek() == ":", Self.isBlankOrEnd(peek(1)) {
                throw YAMLError("an alias as a mapping key is not supported", at: contentStart)
            }
            position = save
            return parsed
        case "-" where Self.isBlankOrEnd(peek(1)):
            guard allowsBlockCollection else {
                throw YAMLError("a block sequence cannot start on the line of its key; put '- ' on the next line", at: contentStart)
            }
            return try finish(parseBlockSequence(indent: column(of: contentStart)), properties)
        case "[", "{":
            let parsed = try parseFlowNode()
            let save = position
            while Self.isBlank(peek()) { position += 1 }
            if peek() == ":", Self.isBlankOrEnd(peek(1)) {
                throw YAMLError("a flow collection as a mapping key is not supported", at: contentStart)
            }
            position = save
            return try finish(parsed.node, weight: parsed.weight, properties)
        case "|", ">":
            return try finish(parseBlockScalar(parentIndent: parentIndent), properties)
        case "?" where Self.isBlankOrEnd(peek(1)):
            throw YAMLError("explicit mapping keys ('? ') are not supported", at: contentStart)
        case ":" where Self.isBlankOrEnd(peek(1)):
            throw YAMLError("a mapping key is missing before ':'", at: contentStart)
        case ",", "]", "}":
            throw YAMLError("unexpected '\(scalar)'", at: contentStart)
        case "@", "`":
            throw YAMLError("'\(scalar)' is reserved and cannot start a plain scalar; quote the value", at: contentStart)
        default:
            break
        }
        return try parsePlainScalarOrMapping(start: start, parentIndent: parentIndent, allowsBlockCollection: allowsBlockCollection,
                                             properties)
    }

    /// The node on the lines below an anchor or tag that ends its line (null when nothing more indented follows).
    private mutating func parseNodeBelowProperties(start: Int, parentIndent: Int, _ properties: Properties) throws(YAMLError) -> Parsed {
        let end = position
        try skipTrivia()
        let indentless = column(of: position) == parentIndent && peek() == "-" && Self.isBlankOrEnd(peek(1))
        if position >= scalars.count || isAtMarker("---") || isAtMarker("...")
            || (column(of: position) <= parentIndent && !indentless) {
            position = end
            return try finish(YAMLNode(.null, offset: start), weight: 1, properties)
        }
        let parsed = indentless ? try parseBlockSequence(indent: parentIndent)
                                : try parseBlockNode(parentIndent: parentIndent, allowsBlockCollection: true)
        return try finish(parsed.node, weight: parsed.weight, properties)
    }

    /// A plain or quoted scalar, or the block mapping whose first key it is (when `: ` follows it).
    private mutating func parsePlainScalarOrMapping(start: Int, parentIndent: Int, allowsBlockCollection: Bool,
                                                    _ properties: Properties) throws(YAMLError) -> Parsed {
        let contentStart = position
        let (text, value, singleLine) = try readScalar(parentIndent: parentIndent, flow: false)
        let afterScalar = position
        while Self.isBlank(peek()) { position += 1 }
        if peek() == ":", Self.isBlankOrEnd(peek(1)) {
            guard allowsBlockCollection else {
                throw YAMLError("mapping values are not allowed here (a key must be on its own line)", at: position)
            }
            guard singleLine else { throw YAMLError("a mapping key must fit on one line", at: contentStart) }
            if properties.present {
                throw YAMLError("an anchor or tag before a mapping key is not supported; put it on its own line before the mapping",
                                at: start)
            }
            return try parseBlockMapping(indent: column(of: contentStart), firstKey: text, keyOffset: contentStart)
        }
        position = afterScalar
        return try finish(YAMLNode(value, offset: contentStart), weight: 1, properties)
    }

    /// The entries of a block mapping whose first key (at column `indent`) has just been read.
    mutating func parseBlockMapping(indent: Int, firstKey: String, keyOffset firstOffset: Int) throws(YAMLError) -> Parsed {
        var entries: [YAMLNode.Entry] = []
        var seen: [String: Int] = [:]
        var weight = 1
        var key = firstKey
        var keyOffset = firstOffset
        while true {
            while Self.isBlank(peek()) { position += 1 }
            position += 1 // the ':' (checked by the caller or below)
            if let previous = seen[key] {
                throw YAMLError("duplicate key '\(key)' (first at line \(line(of: previous)))", at: keyOffset)
            }
            seen[key] = keyOffset
            let value = try parseMappingValue(indent: indent)
            try expectLineEnd()
            weight += value.weight
            try Self.checkWeight(weight, at: keyOffset)
            entries.append(YAMLNode.Entry(key: key, keyOffset: keyOffset, value: value.node))
            let end = position
            try skipTrivia()
            if position >= scalars.count || isAtMarker("---") || isAtMarker("...") || column(of: position) < indent {
                position = end
                break
            }
            if column(of: position) > indent {
                throw YAMLError("unexpected indentation; expected a key at column \(indent + 1)", at: position)
            }
            (key, keyOffset) = try readMappingKey(indent: indent)
        }
        return (YAMLNode(.mapping(entries), offset: firstOffset), weight)
    }

    /// The value after `key:` — on the same line, on the following more-indented lines, an indentless
    /// `- ` sequence at the key's column, or nothing (null).
    private mutating func parseMappingValue(indent: Int) throws(YAMLError) -> Parsed {
        skipInlineSpace()
        guard Self.isBreak(peek()) || peek() == nil else {
            return try parseBlockNode(parentIndent: indent, allowsBlockCollection: false)
        }
        let end = position
        try skipTrivia()
        if position < scalars.count, !isAtMarker("---"), !isAtMarker("...") {
            let column = column(of: position)
            if column > indent { return try parseBlockNode(parentIndent: indent, allowsBlockCollection: true) }
            if column == indent, peek() == "-", Self.isBlankOrEnd(peek(1)) {
                try enter(at: position)
                defer { leave() }
                return try parseBlockSequence(indent: indent)
            }
        }
        position = end
        return (YAMLNode(.null, offset: end), 1)
    }

    /// A key of a block mapping after the first: a single-line plain or quoted scalar followed by `:`.
    private mutating func readMappingKey(indent: Int) throws(YAMLError) -> (String, Int) {
        let offset = position
        switch peek() {
        case "-" where Self.isBlankOrEnd(peek(1)):
            throw YAMLError("a sequence item cannot follow a mapping entry at the same indentation", at: offset)
        case "?" where Self.isBlankOrEnd(peek(1)):
            throw YAMLError("explicit mapping keys ('? ') are not supported", at: offset)
        case "&", "!", "*":
            throw YAMLError("anchors, tags and aliases on mapping keys are not supported", at: offset)
        case "[", "{":
            throw YAMLError("a flow collection as a mapping key is not supported", at: offset)
        case "|", ">", ",", "]", "}", "@", "`", ":":
            throw YAMLError("expected a mapping key, found '\(peek().map { String($0) } ?? "")'", at: offset)
        default:
            break
        }
        let (text, _, singleLine) = try readScalar(parentIndent: indent, flow: false)
        while Self.isBlank(peek()) { position += 1 }
        guard peek() == ":", Self.isBlankOrEnd(peek(1)) else {
            throw YAMLError("expected ':' after the mapping key '\(text)'", at: position)
        }
        guard singleLine else { throw YAMLError("a mapping key must fit on one line", at: offset) }
        return (text, offset)
    }

    /// The items of a block sequence whose `- ` indicators stand at column `indent`.
    mutating func parseBlockSequence(indent: Int) throws(YAMLError) -> Parsed {
        let start = position
        var items: [YAMLNode] = []
        var weight = 1
        while true {
            position += 1 // the '-'
            skipInlineSpace()
            let item: Parsed
            if Self.isBreak(peek()) || peek() == nil {
                let end = position
                try skipTrivia()
                if position >= scalars.count || isAtMarker("---") || isAtMarker("...") || column(of: position) <= indent {
                    position = end
                    item = (YAMLNode(.null, offset: end), 1)
                } else {
                    item = try parseBlockNode(parentIndent: indent, allowsBlockCollection: true)
                }
            } else {
                item = try parseBlockNode(parentIndent: indent, allowsBlockCollection: true)
            }
            try expectLineEnd()
            weight += item.weight
            try Self.checkWeight(weight, at: item.node.offset)
            items.append(item.node)
            let end = position
            try skipTrivia()
            if position >= scalars.count || isAtMarker("---") || isAtMarker("...") || column(of: position) < indent {
                position = end
                break
            }
            if column(of: position) > indent {
                throw YAMLError("unexpected indentation; expected '- ' at column \(indent + 1)", at: position)
            }
            guard peek() == "-", Self.isBlankOrEnd(peek(1)) else {
                position = end
                break
            }
        }
        return (YAMLNode(.sequence(items), offset: start), weight)
    }

    /// The 1-based line of an offset (for messages).
    func line(of offset: Int) -> Int {
        lineStarts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1
    }
}

/// A YAML 1.2 parser (core schema) for one document: block and flow mappings and sequences; plain, single-
/// and double-quoted scalars with escapes; literal `|` and folded `>` block scalars with chomping and
/// indentation indicators; anchors and aliases; comments; `---` and `...`.
///
/// Refused with a `YAMLError` at the offending place: a second document, tabs in indentation, duplicate keys,
/// alias expansion beyond `maximumExpandedNodes` (the billion-laughs attack), nesting deeper than
/// `maximumDepth`, explicit `?` keys, collection keys, tags other than the core ones, and `%TAG` directives.
/// It never crashes and never loops: every step consumes input or ends.
///
/// ```swift
/// let root = try YAMLParser.parse(SourceFile(name: "openapi.yaml", text: text))
/// ```
package struct YAMLParser {
    /// The deepest nesting of collections accepted.
    package static let maximumDepth = 256
    /// The most nodes a document may stand for once every alias is expanded.
    package static let maximumExpandedNodes = 1_000_000

    /// A parsed node and the number of nodes it stands for with aliases expanded.
    typealias Parsed = (node: YAMLNode, weight: Int)

    let scalars: [Unicode.Scalar]
    /// Offsets where lines start (for columns in O(log n), even on one very long line).
    let lineStarts: [Int]
    var position = 0
    var depth = 0
    var anchors: [String: Parsed] = [:]

    /// Parses the single document of `source`.
    package static func parse(_ source: SourceFile) throws(YAMLError) -> YAMLNode {
        var parser = YAMLParser(scalars: source.scalars)
        return try parser.parseStream()
    }

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" { starts.append(index + 1) }
        self.lineStarts = starts
    }

    // MARK: - Document

    mutating func parseStream() throws(YAMLError) -> YAMLNode {
        if scalars.first == "\u{FEFF}" { position = 1 }
        try skipTrivia()
        while peek() == "%", column(of: position) == 0 {
            let start = position
            let line = restOfLine()
            if !line.hasPrefix("%YAML") {
                throw YAMLError("directive '\(line.split(separator: " ").first ?? "")' is not supported", at: start)
            }
            try skipTrivia()
            guard isAtMarker("---") else { throw YAMLError("a directive must be followed by '---'", at: position) }
        }
        var hadStartMarker = false
        if isAtMarker("---") {
            position += 3
            hadStartMarker = true
            try skipTrivia()
        }
        let root: YAMLNode
        if position >= scalars.count || isAtMarker("...") || (hadStartMarker && isAtMarker("---")) {
            root = YAMLNode(.null, offset: position)
        } else {
            root = try parseBlockNode(parentIndent: -1, allowsBlockCollection: true).node
            try expectLineEnd()
        }
        try skipTrivia()
        if isAtMarker("...") {
            position += 3
            try skipTrivia()
        }
        if position < scalars.count {
            if isAtMarker("---") {
                throw YAMLError("a second document ('---') is not supported: the file must hold exactly one document", at: position)
            }
            throw YAMLError("unexpected content after the document", at: position)
        }
        return root
    }

    // MARK: - Characters

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let index = position + offset
        return index < scalars.count ? scalars[index] : nil
    }

    static func isBreak(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\r" }

    static func isBlank(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }

    /// A space, tab, line break or the end of input.
    static func isBlankOrEnd(_ scalar: Unicode.Scalar?) -> Bool { scalar == nil || isBlank(scalar) || isBreak(scalar) }

    static func isFlowIndicator(_ scalar: Unicode.Scalar?) -> Bool {
        scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}"
    }

    /// The 0-based column of an offset.
    func column(of offset: Int) -> Int {
        let clamped = min(max(offset, 0), scalars.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return clamped - lineStarts[low]
    }

    /// Whether the line holding `offset` has only spaces before it.
    func isFirstOnLine(_ offset: Int) -> Bool {
        var index = offset
        while index > 0, scalars[index - 1] != "\n" {
            if scalars[index - 1] != " " { return false }
            index -= 1
        }
        return true
    }

    /// `---` or `...` at column 0 followed by a blank or the end.
    func isAtMarker(_ marker: String) -> Bool {
        guard column(of: position) == 0 else { return false }
        let markers = Array(marker.unicodeScalars)
        for (index, scalar) in markers.enumerated() where peek(index) != scalar { return false }
        return Self.isBlankOrEnd(peek(3))
    }

    mutating func restOfLine() -> String {
        let start = position
        while let scalar = peek(), !Self.isBreak(scalar) { position += 1 }
        return SourceFile.string(scalars[start..<position])
    }

    mutating func skipLineBreak() {
        if peek() == "\r" { position += 1 }
        if peek() == "\n" { position += 1 }
    }

    /// Skips spaces, tabs, comments and line breaks. A tab in the indentation of a line that holds content
    /// is an error (YAML forbids tabs for indentation). Returns whether a line break was crossed.
    @discardableResult
    mutating func skipTrivia(checkingTabs: Bool = true) throws(YAMLError) -> Bool {
        var crossed = false
        var tabOffset: Int?
        var atLineStart = position == 0 || isFirstOnLine(position)
        while let scalar = peek() {
            if scalar == " " {
                position += 1
            } else if scalar == "\t" {
                if atLineStart, tabOffset == nil { tabOffset = position }
                position += 1
            } else if Self.isBreak(scalar) {
                skipLineBreak()
                crossed = true
                atLineStart = true
                tabOffset = nil
            } else if scalar == "#", position == 0 || Self.isBlankOrEnd(scalars[position - 1]) {
                while let next = peek(), !Self.isBreak(next) { position += 1 }
            } else {
                break
            }
        }
        if checkingTabs, let tabOffset, position < scalars.count {
            throw YAMLError("a tab character is not allowed in indentation; indent with spaces", at: tabOffset)
        }
        return crossed
    }

    /// Skips spaces, tabs and a comment up to the end of the line.
    mutating func skipInlineSpace() {
        while Self.isBlank(peek()) { position += 1 }
        if peek() == "#", position > 0, Self.isBlankOrEnd(scalars[position - 1]) {
            while let next = peek(), !Self.isBreak(next) { position += 1 }
        }
    }

    /// After a value: only spaces and a comment may follow on its line.
    mutating func expectLineEnd() throws(YAMLError) {
        skipInlineSpace()
        guard Self.isBreak(peek()) || peek() == nil else {
            if peek() == ":" { throw YAMLError("mapping values are not allowed here (a key must be on its own line)", at: position) }
            throw YAMLError("unexpected '\(peek().map { String($0) } ?? "")' after a value; expected the end of the line", at: position)
        }
    }

    // MARK: - Depth and expansion limits

    mutating func enter(at offset: Int) throws(YAMLError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw YAMLError("the document nests deeper than \(Self.maximumDepth) levels", at: offset)
        }
    }

    mutating func leave() { depth -= 1 }

    static func checkWeight(_ weight: Int, at offset: Int) throws(YAMLError) {
        if weight > maximumExpandedNodes {
            throw YAMLError("aliases expand to more than \(maximumExpandedNodes) nodes (an alias bomb?)", at: offset)
        }
    }
}

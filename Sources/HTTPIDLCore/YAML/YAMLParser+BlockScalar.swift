/// Literal (`|`) and folded (`>`) block scalars with chomping (`-`, `+`) and indentation (`1`–`9`) indicators.
extension YAMLParser {
    private enum Chomping { case clip, strip, keep }

    /// One line of a block scalar's content: `nil` for an empty line.
    private typealias ContentLine = Range<Int>?

    /// A block scalar from its `|` or `>` header to the end of its indented content.
    mutating func parseBlockScalar(parentIndent: Int) throws(YAMLError) -> Parsed {
        let start = position
        let literal = peek() == "|"
        position += 1
        let (chomping, explicitIndent) = try readBlockScalarHeader()
        var lastEnd = position
        skipLineBreak()
        let indent: Int
        if let explicitIndent {
            indent = max(parentIndent, 0) + explicitIndent
        } else {
            indent = try detectIndent(parentIndent: parentIndent)
        }
        let (lines, endsWithBreak) = readBlockScalarLines(indent: indent, lastEnd: &lastEnd)
        position = lastEnd
        let text = render(lines, literal: literal, chomping: chomping ?? .clip, endsWithBreak: endsWithBreak)
        return (YAMLNode(.string(text), offset: start), 1)
    }

    /// The chomping and indentation indicators after `|` or `>` (in either order), up to the line break.
    private mutating func readBlockScalarHeader() throws(YAMLError) -> (Chomping?, Int?) {
        var chomping: Chomping?
        var explicitIndent: Int?
        for _ in 0..<2 {
            guard let scalar = peek() else { break }
            if ("1"..."9").contains(scalar), explicitIndent == nil {
                explicitIndent = Int(scalar.value - 0x30)
            } else if scalar == "0" {
                throw YAMLError("a block scalar's indentation indicator must be 1 to 9", at: position)
            } else if scalar == "-" || scalar == "+", chomping == nil {
                chomping = scalar == "-" ? .strip : .keep
            } else {
                break
            }
            position += 1
        }
        guard Self.isBlankOrEnd(peek()) else {
            throw YAMLError("expected a line break after the block scalar header", at: position)
        }
        skipInlineSpace()
        guard Self.isBreak(peek()) || peek() == nil else {
            throw YAMLError("expected a line break after the block scalar header", at: position)
        }
        return (chomping, explicitIndent)
    }

    /// The content lines indented at least `indent`, and whether the last one ends with a line break;
    /// `lastEnd` is moved to the end of the last line read (before its break).
    private mutating func readBlockScalarLines(indent: Int, lastEnd: inout Int) -> ([ContentLine], Bool) {
        var lines: [ContentLine] = []
        var endsWithBreak = false
        while position < scalars.count {
            let lineBegin = position
            var spaces = 0
            while spaces < indent, peek() == " " {
                position += 1
                spaces += 1
            }
            if peek() == nil {
                position = lineBegin
                break
            }
            if spaces < indent, !Self.isBreak(peek()) {
                // A less indented line: the content ends unless the line is blank.
                var probe = position
                while probe < scalars.count, Self.isBlank(scalars[probe]) { probe += 1 }
                if probe < scalars.count, !Self.isBreak(scalars[probe]) {
                    position = lineBegin
                    break
                }
                position = probe
            }
            if Self.isBreak(peek()) || peek() == nil {
                lines.append(nil)
                lastEnd = position
                skipLineBreak()
                endsWithBreak = true
                continue
            }
            if indent == 0, isAtMarker("---") || isAtMarker("...") {
                position = lineBegin
                break
            }
            let contentStart = position
            while let scalar = peek(), !Self.isBreak(scalar) { position += 1 }
            lines.append(contentStart..<position)
            lastEnd = position
            endsWithBreak = Self.isBreak(peek())
            skipLineBreak()
        }
        return (lines, endsWithBreak)
    }

    /// The indentation of the first non-empty line; a leading empty line may not be indented further.
    private func detectIndent(parentIndent: Int) throws(YAMLError) -> Int {
        var probe = position
        var widestEmpty = 0
        var widestEmptyOffset = position
        while probe < scalars.count {
            let lineBegin = probe
            while probe < scalars.count, scalars[probe] == " " { probe += 1 }
            let spaces = probe - lineBegin
            if probe < scalars.count, Self.isBreak(scalars[probe]) {
                if spaces > widestEmpty { (widestEmpty, widestEmptyOffset) = (spaces, lineBegin) }
                if scalars[probe] == "\r", probe + 1 < scalars.count, scalars[probe + 1] == "\n" { probe += 1 }
                probe += 1
                continue
            }
            if probe >= scalars.count { break }
            if scalars[probe] == "\t", spaces <= parentIndent + 1 {
                throw YAMLError("a tab character is not allowed in indentation; indent with spaces", at: probe)
            }
            if spaces > parentIndent, widestEmpty > spaces {
                throw YAMLError("a leading empty line of the block scalar has more spaces than its first line", at: widestEmptyOffset)
            }
            return max(spaces, parentIndent + 1)
        }
        return max(parentIndent + 1, 1)
    }

    private func render(_ lines: [ContentLine], literal: Bool, chomping: Chomping, endsWithBreak: Bool) -> String {
        guard let lastContent = lines.lastIndex(where: { $0 != nil }) else {
            return chomping == .keep ? String(repeating: "\n", count: lines.count) : ""
        }
        var text: [Unicode.Scalar] = []
        var previous: Range<Int>?
        var pendingEmpty = 0
        for line in lines[...lastContent] {
            guard let range = line else {
                pendingEmpty += 1
                continue
            }
            if let last = previous {
                if literal {
                    text.append(contentsOf: repeatElement("\n", count: pendingEmpty + 1))
                } else {
                    let moreIndented = Self.isBlank(scalars[last.lowerBound]) || Self.isBlank(scalars[range.lowerBound])
                    if pendingEmpty == 0 {
                        text.append(moreIndented ? "\n" : " ")
                    } else {
                        text.append(contentsOf: repeatElement("\n", count: pendingEmpty + (moreIndented ? 1 : 0)))
                    }
                }
            } else {
                text.append(contentsOf: repeatElement("\n", count: pendingEmpty))
            }
            text.append(contentsOf: scalars[range])
            previous = range
            pendingEmpty = 0
        }
        let trailingEmpty = lines.count - lastContent - 1
        let hasFinalBreak = trailingEmpty > 0 || endsWithBreak
        switch chomping {
        case .strip:
            break
        case .clip:
            if hasFinalBreak { text.append("\n") }
        case .keep:
            if hasFinalBreak { text.append("\n") }
            text.append(contentsOf: repeatElement("\n", count: trailingEmpty))
        }
        return SourceFile.string(text[...])
    }
}

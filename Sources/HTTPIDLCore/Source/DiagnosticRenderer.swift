/// Renders diagnostics the way a compiler prints them:
///
/// ```
/// users.http:12:7: error: unknown type 'Usr'
///     Usr owner;
///     ^~~
/// ```
public struct DiagnosticRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// Renders one diagnostic with its source line, caret line and notes. `source` must be the file the
    /// diagnostic belongs to (pass `nil` to print the summary lines only).
    public func render(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
        var lines = [diagnostic.summary]
        if let source {
            lines += excerpt(range: diagnostic.range, in: source)
        }
        for note in diagnostic.notes {
            if let source {
                let location = source.location(of: note.range.start)
                lines.append("\(diagnostic.fileName):\(location.line):\(location.column): note: \(note.message)")
                lines += excerpt(range: note.range, in: source)
            } else {
                lines.append("\(diagnostic.fileName): note: \(note.message)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The source line and a caret line under `range` (tildes for the rest of the range on that line).
    func excerpt(range: SourceRange, in source: SourceFile) -> [String] {
        let start = source.location(of: range.start)
        let line = source.lineText(start.line)
        var caret = ""
        var column = 1
        for scalar in line.unicodeScalars {
            guard column < start.column else { break }
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            column += 1
        }
        caret += "^"
        let end = source.location(of: range.end)
        if end.line == start.line, end.column - start.column > 1 {
            caret += String(repeating: "~", count: end.column - start.column - 1)
        }
        let printable = String(String.UnicodeScalarView(line.unicodeScalars.map(Self.printable)))
        return [printable, caret]
    }

    /// Control characters would garble a terminal; show them as U+FFFD-free placeholders of the same width.
    private static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return scalar }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "?" }
        return scalar
    }
}

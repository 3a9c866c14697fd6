/// Renders diagnostics the way a compiler prints them:
///
/// ```
/// users.http:12:7: error: unknown type 'Usr'
///     Usr owner;
///     ^~~
/// ```
///
/// The first line is the `file:line:col: severity: message` form that Xcode, editors and CI logs turn into a
/// link to the place; the excerpt and caret below it let a terminal user see the problem without opening the
/// file.
public struct DiagnosticRenderer: Sendable {
    /// Creates a renderer; it has no settings.
    public init() {}

    /// Renders one diagnostic with its source line, caret line and notes. `source` must be the file the
    /// diagnostic belongs to (pass `nil` to print the summary lines only, e.g. when the source is no longer
    /// at hand). Lines over 120 columns are cut around the caret with `…`, so a minified spec's one long line
    /// still prints readably.
    /// - Returns: The lines joined by `\n`, without a final newline.
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

    /// The widest source excerpt printed; longer lines are cut around the caret with `…`.
    static let maximumExcerptWidth = 120

    /// The source line and a caret line under `range` (tildes for the rest of the range on that line).
    func excerpt(range: SourceRange, in source: SourceFile) -> [String] {
        let start = source.location(of: range.start)
        var line = Array(source.lineText(start.line).unicodeScalars)
        var caretColumn = start.column
        let end = source.location(of: range.end)
        var width = end.line == start.line ? max(1, end.column - start.column) : 1
        if line.count > Self.maximumExcerptWidth {
            let lower = max(0, min(caretColumn - 1 - Self.maximumExcerptWidth / 2, line.count - Self.maximumExcerptWidth))
            let upper = min(line.count, lower + Self.maximumExcerptWidth)
            let prefix: [Unicode.Scalar] = lower > 0 ? ["…"] : []
            let suffix: [Unicode.Scalar] = upper < line.count ? ["…"] : []
            caretColumn = caretColumn - lower + prefix.count
            width = min(width, upper - (start.column - 1))
            line = prefix + line[lower..<upper] + suffix
        }
        var caret = String.UnicodeScalarView()
        for scalar in line.prefix(max(0, caretColumn - 1)) {
            caret.append(scalar == "\t" ? "\t" : " ")
        }
        var caretText = String(caret) + "^"
        if width > 1 { caretText += String(repeating: "~", count: width - 1) }
        let printable = String(String.UnicodeScalarView(line.map(Self.printable)))
        return [printable, caretText]
    }

    /// Control characters would garble a terminal; show them as U+FFFD-free placeholders of the same width.
    private static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar == "\t" { return scalar }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "?" }
        return scalar
    }
}

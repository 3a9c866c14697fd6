/// A problem found in a `.http` file (or an OpenAPI spec being imported): an error or a warning, with notes
/// pointing at related places. Every bad input is reported this way, never thrown or trapped, so a tool can
/// show all problems of a run at once.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a diagnostic is: whether it stops generation.
    public enum Severity: String, Sendable, Hashable {
        /// Generation fails; nothing is written, so a build never compiles Swift from a file that did not
        /// check.
        case error
        /// Reported, and Swift is still generated; it fails the run only with `--strict`
        /// (``HTTPIDLCompiler/Options/strict``), which makes it an error.
        case warning
        /// Extra context for the diagnostic it belongs to. The compiler attaches notes as ``Diagnostic/Note``
        /// values and does not produce diagnostics of this severity itself.
        case note
    }

    /// An additional location that explains the diagnostic (`note: '{' opened here`), in the same file, so a
    /// reader sees both ends of a problem such as an unclosed brace or a duplicate name.
    public struct Note: Sendable, Hashable {
        /// Where the note points, in the diagnostic's file.
        public let range: SourceRange
        /// The note's text, worded like a diagnostic's message.
        public let message: String

        /// Creates a note, for tools that report their own diagnostics in the compiler's format.
        public init(range: SourceRange, message: String) {
            self.range = range
            self.message = message
        }
    }

    /// The severity. Mutable so a tool can promote warnings to errors, as `strict` does.
    public var severity: Severity
    /// The message (lower-case start, no trailing period, like a compiler's), so it reads well after
    /// `error: `. Its wording may change; tools should not parse it.
    public let message: String
    /// The name of the file the diagnostic belongs to (its ``SourceFile/name``), to find the source to render
    /// it with.
    public let fileName: String
    /// Where in the file, as scalar offsets; ``location`` has the same start as line and column.
    public let range: SourceRange
    /// The 1-based line and column of `range.start`, computed once when the diagnostic is made, so reading it
    /// needs no source file.
    public let location: SourceLocation
    /// Notes that explain the diagnostic; often empty.
    public let notes: [Note]

    /// Creates a diagnostic for a range in `source`, for tools that check `.http` files further and want to
    /// report in the compiler's format; the location is computed from `source` here.
    public init(_ severity: Severity, _ message: String, at range: SourceRange, in source: SourceFile, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.fileName = source.name
        self.range = range
        self.location = source.location(of: range.start)
        self.notes = notes
    }

    /// `file.http:12:7: error: message` — the first line of the rendered diagnostic, in the format editors and
    /// CI logs turn into a link to the place.
    public var summary: String {
        "\(fileName):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error: the test for whether a run's output may be used (warnings do not
    /// count, unless `strict` made them errors).
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics with every warning made an error when `strict` (`--strict`), else as they are.
    package func promotingWarnings(_ strict: Bool) -> [Diagnostic] {
        guard strict else { return self }
        return map { diagnostic in
            var promoted = diagnostic
            if promoted.severity == .warning { promoted.severity = .error }
            return promoted
        }
    }
}

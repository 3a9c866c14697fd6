/// A problem found in a `.http` file: an error, a warning, or a note attached to either.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// Generation fails; nothing is written.
        case error
        /// Reported; fails only with `--strict`.
        case warning
        /// Extra context for the diagnostic it belongs to.
        case note
    }

    /// An additional location that explains the diagnostic (`note: '{' opened here`).
    public struct Note: Sendable, Hashable {
        /// Where the note points.
        public let range: SourceRange
        /// The note's text.
        public let message: String

        /// Creates a note.
        public init(range: SourceRange, message: String) {
            self.range = range
            self.message = message
        }
    }

    /// The severity.
    public var severity: Severity
    /// The message (lower-case start, no trailing period, like a compiler's).
    public let message: String
    /// The name of the file the diagnostic belongs to.
    public let fileName: String
    /// Where in the file.
    public let range: SourceRange
    /// The 1-based line and column of `range.start`.
    public let location: SourceLocation
    /// Notes that explain the diagnostic.
    public let notes: [Note]

    /// Creates a diagnostic for a range in `source`.
    public init(_ severity: Severity, _ message: String, at range: SourceRange, in source: SourceFile, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.fileName = source.name
        self.range = range
        self.location = source.location(of: range.start)
        self.notes = notes
    }

    /// `file.http:12:7: error: message` — the first line of the rendered diagnostic.
    public var summary: String {
        "\(fileName):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
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

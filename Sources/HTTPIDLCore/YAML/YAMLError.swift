/// Why a YAML (or JSON) document could not be read, and where: turned into a `file:line:col` diagnostic.
package struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong (lower-case start, like a compiler's message).
    package let message: String
    /// The offset (in Unicode scalars) of the problem.
    package let offset: Int

    /// Creates an error.
    package init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message.
    package var description: String { message }

    /// The error as a diagnostic of `source`.
    package func diagnostic(in source: SourceFile) -> Diagnostic {
        Diagnostic(.error, message, at: SourceRange(start: offset, end: offset + 1), in: source)
    }
}

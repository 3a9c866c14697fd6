/// Why a YAML (or JSON) document could not be read, and where: turned into a `file:line:col` diagnostic.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong (lower-case start, like a compiler's message).
    public let message: String
    /// The offset (in Unicode scalars) of the problem.
    public let offset: Int

    /// Creates an error.
    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message.
    public var description: String { message }

    /// The error as a diagnostic of `source`.
    public func diagnostic(in source: SourceFile) -> Diagnostic {
        Diagnostic(.error, message, at: SourceRange(start: offset, end: offset + 1), in: source)
    }
}

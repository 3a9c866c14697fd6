/// Why ``FlexibleJSONDecoder`` could not read its input as JSON, and where: enough to point at the bad
/// byte of a server's response in a log, which a bare `dataCorrupted` message does not.
///
/// `FlexibleJSONDecoder.decode(_:from:)` reports malformed JSON as
/// `DecodingError.dataCorrupted` whose context carries this value as `underlyingError`:
///
/// ```swift
/// do { _ = try FlexibleJSONDecoder().decode([Int].self, from: Data("[1, 2".utf8)) }
/// catch DecodingError.dataCorrupted(let context) {
///     let parseError = context.underlyingError as? JSONParseError
///     print(parseError?.line, parseError?.column)   // 1, 6
/// }
/// ```
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of syntax problem, to tell a truncated body from a wrong one.
    public enum Reason: Sendable, Hashable {
        /// The input ended in the middle of a value (or was empty): usually a truncated download.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue the value at this position (often an HTML error page
        /// where JSON was expected).
        case unexpectedCharacter(UInt8)
        /// A number that does not follow the JSON grammar (`01`, `1.`, `-`, `1e`).
        case invalidNumber
        /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscapeSequence
        /// A `\uD800`–`\uDFFF` escape that is not part of a high/low surrogate pair.
        case unpairedSurrogate
        /// Bytes inside a string that are not valid UTF-8.
        case invalidUTF8
        /// Input that looks like UTF-16 or UTF-32 (zero bytes, byte-order mark) but does not decode as it.
        case invalidTextEncoding
        /// An unescaped control character (U+0000–U+001F) inside a string.
        case controlCharacterInString
        /// Arrays and objects nested deeper than the decoder's `maximumNestingDepth`; refused so hostile
        /// input cannot exhaust the stack.
        case nestingTooDeep(limit: Int)
        /// Non-whitespace bytes after the complete top-level value (two documents concatenated, say); use a
        /// JSON Lines reader for such streams.
        case trailingCharacters
    }

    /// The kind of syntax problem.
    public let reason: Reason
    /// Zero-based byte offset of the problem in the input, for slicing the body around it.
    public let offset: Int
    /// One-based line of the problem (lines end at `\n`).
    public let line: Int
    /// One-based column of the problem, counted in bytes from the start of the line.
    public let column: Int

    /// Creates a parse error; `line` and `column` are usually derived from the input by the parser. Public
    /// so tests and wrappers can build the error they expect to compare against.
    public init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A one-line human-readable description, e.g. `Unexpected character 'x' at line 1, column 4 (offset 3)`.
    public var description: String {
        "\(reasonDescription) at line \(line), column \(column) (offset \(offset))"
    }

    private var reasonDescription: String {
        switch reason {
        case .unexpectedEndOfInput: return "Unexpected end of input"
        case .unexpectedCharacter(let byte):
            if byte >= 0x21 && byte < 0x7F { return "Unexpected character '\(Character(Unicode.Scalar(byte)))'" }
            return "Unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
        case .invalidNumber: return "Invalid number"
        case .invalidEscapeSequence: return "Invalid escape sequence in string"
        case .unpairedSurrogate: return "Unpaired UTF-16 surrogate in \\u escape"
        case .invalidUTF8: return "Invalid UTF-8 in string"
        case .invalidTextEncoding: return "Input is neither valid UTF-8 nor valid UTF-16/UTF-32"
        case .controlCharacterInString: return "Unescaped control character in string"
        case .nestingTooDeep(let limit): return "Nesting deeper than \(limit) levels"
        case .trailingCharacters: return "Unexpected data after the top-level value"
        }
    }
}

extension JSONParseError {
    /// Creates an error at `offset`, computing its line and column from the input.
    init(reason: Reason, offset: Int, in bytes: UnsafePointer<UInt8>) {
        let (line, column) = Self.lineAndColumn(bytes: bytes, offset: offset)
        self.init(reason: reason, offset: offset, line: line, column: column)
    }

    /// One-based line and column (in bytes) of `offset`.
    static func lineAndColumn(bytes: UnsafePointer<UInt8>, offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// One token of a `.http` file.
public struct Token: Sendable, Hashable {
    /// What kind of token.
    public enum Kind: Sendable, Hashable {
        /// A run of text: keyword, identifier, number or URI/key text (escapes already resolved).
        case word
        /// A double-quoted string literal (escapes resolved).
        case string
        /// `{`
        case leftBrace
        /// `}`
        case rightBrace
        /// `<`
        case leftAngle
        /// `>`
        case rightAngle
        /// `(`
        case leftParen
        /// `)`
        case rightParen
        /// `,`
        case comma
        /// `=`
        case equals
        /// `;`
        case semicolon
        /// `/`
        case slash
        /// `$`
        case dollar
        /// `:`
        case colon
        /// Bytes that cannot start any token (already diagnosed by the lexer).
        case invalid
        /// The end of the file.
        case endOfFile
    }

    /// The kind.
    public let kind: Kind
    /// The token's text with escapes resolved (`a\;b` → `a;b`; a string literal without its quotes).
    public let text: String
    /// Where the token is.
    public let range: SourceRange
    /// Whether whitespace or a comment separates this token from the previous one.
    public let precededBySpace: Bool
    /// Whether the word contained `\` escapes (so it cannot be a keyword or identifier).
    public let hasEscapes: Bool
    /// `///` doc-comment lines directly before this token (without the slashes).
    public let docComment: [String]

    /// Creates a token.
    public init(kind: Kind, text: String, range: SourceRange, precededBySpace: Bool, hasEscapes: Bool = false, docComment: [String] = []) {
        self.kind = kind
        self.text = text
        self.range = range
        self.precededBySpace = precededBySpace
        self.hasEscapes = hasEscapes
        self.docComment = docComment
    }

    /// Whether this is the unescaped word `keyword`.
    public func isKeyword(_ keyword: String) -> Bool {
        kind == .word && !hasEscapes && text == keyword
    }

    /// A short description for diagnostics: `'{'`, `'GET'`, `end of file`.
    public var displayName: String {
        switch kind {
        case .endOfFile: return "end of file"
        case .string: return "string \"\(text)\""
        case .invalid: return "invalid character"
        default: return "'\(text)'"
        }
    }
}

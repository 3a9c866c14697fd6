/// One token of a `.http` file.
package struct Token: Sendable, Hashable {
    /// What kind of token.
    package enum Kind: Sendable, Hashable {
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
    package let kind: Kind
    /// The token's text with escapes resolved (`a\;b` → `a;b`; a string literal without its quotes).
    package let text: String
    /// Where the token is.
    package let range: SourceRange
    /// Whether whitespace or a comment separates this token from the previous one.
    package let precededBySpace: Bool
    /// Whether the word contained `\` escapes (so it cannot be a keyword or identifier).
    package let hasEscapes: Bool
    /// `///` doc-comment lines directly before this token (without the slashes).
    package let docComment: [String]

    /// Creates a token.
    package init(kind: Kind, text: String, range: SourceRange, precededBySpace: Bool, hasEscapes: Bool = false, docComment: [String] = []) {
        self.kind = kind
        self.text = text
        self.range = range
        self.precededBySpace = precededBySpace
        self.hasEscapes = hasEscapes
        self.docComment = docComment
    }

    /// Whether this is the unescaped word `keyword`.
    package func isKeyword(_ keyword: String) -> Bool {
        kind == .word && !hasEscapes && text == keyword
    }

    /// A short description for diagnostics: `'{'`, `'GET'`, `end of file`.
    package var displayName: String {
        switch kind {
        case .endOfFile: return "end of file"
        case .string: return "string \"\(text)\""
        case .invalid: return "invalid character"
        default: return "'\(text)'"
        }
    }
}

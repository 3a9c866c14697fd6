/// The parse stage: tokens into a `FileSyntax`, recovering from errors so one run reports every problem.
///
/// Recovery points: a field ends at `;`, a body at `}`, a message part at the next method keyword, a
/// declaration at the next `MESSAGE`, `STRUCT`, `ENUM`, `EXTERN`, `UNION` or `WEBSOCKET`. Type nesting is limited to
/// `maximumTypeDepth` levels, so no input can exhaust the stack. The grammar is read in sections: the
/// declarations (`Parser+Declarations`), bodies and fields (`Parser+Bodies`), types, names, keys and literals
/// (`Parser+Types`) and URIs (`Parser+URI`).
package struct Parser {
    /// The deepest `ARRAY<…>` / `DICT<…>` nesting accepted.
    package static let maximumTypeDepth = 64

    let source: SourceFile
    let tokens: [Token]
    private(set) var index = 0
    /// The end of the previous token.
    private(set) var lastEnd = 0
    /// Set when a type could not be parsed (the caller then recovers).
    var typeFailed = false
    /// Errors found while parsing.
    private(set) var diagnostics: [Diagnostic] = []

    /// Parses the tokens of `lexer`; returns the syntax tree and every lexical and syntax diagnostic, in the
    /// order of their positions.
    static func parse(_ lexer: Lexer) -> (FileSyntax, [Diagnostic]) {
        var parser = Parser(source: lexer.source, tokens: lexer.tokens)
        let declarations = parser.parseFile()
        let file = FileSyntax(source: lexer.source, declarations: declarations, comments: lexer.comments,
                              isBlank: lexer.tokens.count == 1)
        return (file, (lexer.diagnostics + parser.diagnostics).sorted { $0.range.start < $1.range.start })
    }

    /// Lexes and parses a file (`parse(Lexer(source:))`).
    package static func parse(_ source: SourceFile) -> (FileSyntax, [Diagnostic]) {
        parse(Lexer(source: source))
    }

    private init(source: SourceFile, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    // MARK: - Token access

    var current: Token { tokens[index] }

    func peek(_ offset: Int) -> Token {
        tokens[min(index + offset, tokens.count - 1)]
    }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if token.kind != .endOfFile {
            index += 1
            lastEnd = token.range.end
        }
        return token
    }

    /// Whether the current token is a top-level keyword (`MESSAGE`, `STRUCT`, …, `WEBSOCKET`).
    var isAtTopLevelKeyword: Bool { DeclarationKeyword(current) != nil }

    /// Whether a message part (`GET REQUEST`, …) starts at the current token.
    var isAtPartStart: Bool {
        guard current.kind == .word, MethodKeyword(rawValue: current.text) != nil else { return false }
        let next = peek(1)
        return next.kind == .word && PartRole(rawValue: next.text) != nil
    }

    // MARK: - Errors and recovery

    mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(.error, message, at: range, in: source, notes: notes))
    }

    mutating func errorAtCurrent(_ message: String) {
        if current.kind == .invalid { return }  // the lexer already reported it
        error(message, at: current.range)
    }

    /// The empty range right after the previous token (where a missing `;` belongs).
    var afterPrevious: SourceRange { SourceRange(start: lastEnd, end: lastEnd) }

    func position(_ range: SourceRange) -> String { source.location(of: range.start).description }

    /// Reports a block opened at `open` that ends (at the end of the file or a declaration keyword) unclosed.
    mutating func unclosedBlock(_ what: String, opened open: SourceRange) {
        error("expected '}' to close \(what) opened at \(position(open))",
              at: current.kind == .endOfFile ? current.range : afterPrevious,
              notes: [.init(range: open, message: "block opened here")])
    }

    mutating func skipToTopLevel() {
        while current.kind != .endOfFile, !isAtTopLevelKeyword { advance() }
    }

    /// Reports a missing `;` right after the previous token; skips stray tokens on the same line. `what` is
    /// only built for the report (it is asked for after every field).
    @discardableResult
    mutating func expectSemicolon(after what: @autoclosure () -> String) -> Bool {
        if current.kind == .semicolon {
            advance()
            return true
        }
        if current.kind != .invalid {
            error("expected ';' after \(what())", at: afterPrevious)
        }
        let line = source.location(of: lastEnd).line
        if current.kind != .rightBrace, current.kind != .endOfFile, source.location(of: current.range.start).line == line {
            recoverToSemicolon()
        }
        return false
    }

    /// Skips to just after the next `;`, or to a `}` / declaration keyword / end of file.
    mutating func recoverToSemicolon() {
        while current.kind != .endOfFile, current.kind != .rightBrace, !isAtTopLevelKeyword, !isAtPartStart {
            if advance().kind == .semicolon { return }
        }
    }
}

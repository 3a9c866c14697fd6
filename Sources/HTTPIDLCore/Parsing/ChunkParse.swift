/// What one chunk of a file lexed and parsed on its own yields (see `Parser+LexedChunks`).
struct ChunkParse: Sendable {
    /// The chunk's declarations.
    let declarations: [DeclarationSyntax]
    /// The chunk's comments.
    let comments: [Comment]
    /// The lexer's diagnostics, then the parser's, each in the order reported.
    let lexerDiagnostics: [Diagnostic], parserDiagnostics: [Diagnostic]
    /// The number of tokens of the chunk (not counting the end of the file).
    let tokenCount: Int
}

import Foundation

/// Large files lexed and parsed in chunks on all cores, lexing included.
///
/// The text is cut at line starts about `scalarsPerChunk` scalars apart: before a line that starts with a
/// top-level keyword, and before the blank and `//` comment lines right above it (its doc comment). Each
/// chunk is lexed on its own (`Lexer(source:chunkFrom:upTo:lookahead:)`), which is exact when the previous
/// chunk's lexer stopped cleanly at the cut (`Lexer.endsCleanly`): between two tokens, after the line break,
/// with no doc comment pending — the state a chunk lexer starts in. Its tokens are then parsed as in
/// `Parser+Chunks`: the parse counts when its last declaration ends exactly at the chunk's end, and the few
/// tokens lexed past the end give the parser the same look-ahead as in the whole file. When a chunk does not
/// end cleanly or a declaration runs past a cut, nil: the caller lexes the whole file in one pass.
extension Parser {
    /// Scalars per chunk (the 10,000-message benchmark file has about 4.2 million).
    static var defaultScalarsPerChunk: Int { 1 << 18 }

    /// The parser reads at most two tokens past the one it stands on.
    static var chunkLookahead: Int { 3 }

    /// The parse of the whole file from chunks lexed and parsed on all cores, or nil for a file of fewer than
    /// two chunks or when a chunk could not be lexed or parsed on its own.
    static func lexAndParseInChunks(_ source: SourceFile, scalarsPerChunk: Int) -> (FileSyntax, [Diagnostic])? {
        let cuts = lineCuts(source.scalars, scalarsPerChunk: max(1, scalarsPerChunk))
        guard cuts.count > 2 else { return nil }
        let results = ChunkResults<ChunkParse?>(count: cuts.count - 1)
        DispatchQueue.concurrentPerform(iterations: cuts.count - 1) { chunk in
            results.store(lexAndParse(source, from: cuts[chunk], upTo: cuts[chunk + 1], isFirst: chunk == 0), at: chunk)
        }
        var declarations: [DeclarationSyntax] = []
        var comments: [Comment] = []
        var lexerDiagnostics: [Diagnostic] = []
        var parserDiagnostics: [Diagnostic] = []
        var tokenCount = 0
        for result in results.values {
            guard let result else { return nil }
            declarations += result.declarations
            comments += result.comments
            lexerDiagnostics += result.lexerDiagnostics
            parserDiagnostics += result.parserDiagnostics
            tokenCount += result.tokenCount
        }
        let file = FileSyntax(source: source, declarations: declarations, comments: comments, isBlank: tokenCount == 0)
        return (file, sortedDiagnostics(lexerDiagnostics + parserDiagnostics))
    }

    /// One chunk lexed and parsed; nil when its lexer did not stop cleanly at `end`, when a later chunk does
    /// not start with a top-level keyword (the parser starts a declaration there, before which it never reads
    /// the end of the previous token), or when its last declaration runs past `end`.
    static func lexAndParse(_ source: SourceFile, from start: Int, upTo end: Int, isFirst: Bool) -> ChunkParse? {
        let lexer = Lexer(source: source, chunkFrom: start, upTo: end, lookahead: chunkLookahead)
        guard lexer.endsCleanly else { return nil }
        let tokens = lexer.tokens
        if !isFirst {
            guard lexer.chunkTokenCount > 0, isTopLevelKeyword(tokens[0]) else { return nil }
        }
        guard let (declarations, diagnostics) = parseDeclarations(source: source, tokens: tokens, from: 0, to: lexer.chunkTokenCount) else {
            return nil
        }
        return ChunkParse(declarations: declarations, comments: lexer.comments, lexerDiagnostics: lexer.diagnostics,
                          parserDiagnostics: diagnostics, tokenCount: lexer.chunkTokenCount)
    }

    /// Scalar offsets where chunks start, ending with the file's length: 0, then for the first line at or after
    /// each multiple of `scalarsPerChunk` that starts with a top-level keyword, the start of that line or of
    /// the blank and `//` lines right above it.
    static func lineCuts(_ scalars: [Unicode.Scalar], scalarsPerChunk: Int) -> [Int] {
        var cuts = [0]
        var target = scalarsPerChunk
        while target < scalars.count {
            guard let line = declarationLine(in: scalars, from: target) else { break }
            var cut = line
            // Comment lines up to the previous cut join the chunk before (the cut is dropped).
            while let above = lineStart(before: cut, in: scalars), above >= cuts[cuts.count - 1],
                  isBlankOrLineComment(scalars[above..<(cut - 1)]) {
                cut = above
            }
            if cut > cuts[cuts.count - 1] { cuts.append(cut) }
            target = line + scalarsPerChunk
        }
        cuts.append(scalars.count)
        return cuts
    }

    /// The first line start at or after `offset` (past 0) whose line begins with a top-level keyword.
    private static func declarationLine(in scalars: [Unicode.Scalar], from offset: Int) -> Int? {
        var index = max(offset, 1)
        while index < scalars.count {
            if scalars[index - 1] == "\n", startsWithTopLevelKeyword(scalars, at: index) { return index }
            index += 1
        }
        return nil
    }

    private static let topLevelKeywordScalars: [[Unicode.Scalar]] = topLevelKeywords.sorted().map { Array($0.unicodeScalars) }

    private static func startsWithTopLevelKeyword(_ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
        keywords: for keyword in topLevelKeywordScalars where offset + keyword.count <= scalars.count {
            for (index, scalar) in keyword.enumerated() where scalars[offset + index] != scalar { continue keywords }
            let next = offset + keyword.count
            return next == scalars.count || !(scalars[next].properties.isAlphabetic || scalars[next].properties.numericType != nil
                                              || scalars[next] == "_" || scalars[next] == "-")
        }
        return false
    }

    /// The start of the line before the one starting at `offset` (a line start past 0).
    private static func lineStart(before offset: Int, in scalars: [Unicode.Scalar]) -> Int? {
        guard offset > 0 else { return nil }
        var index = offset - 1  // the line break that ends the line above
        while index > 0, scalars[index - 1] != "\n" { index -= 1 }
        return index
    }

    /// Whether a line (without its line break) holds only spaces and tabs, or a `//` comment after them (after
    /// the byte-order mark on the first line).
    private static func isBlankOrLineComment(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        var index = line.startIndex
        if index == 0, index < line.endIndex, line[index] == "\u{FEFF}" { index += 1 }  // the byte-order mark
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index += 1 }
        if index == line.endIndex || (index + 1 == line.endIndex && line[index] == "\r") { return true }
        return index + 1 < line.endIndex && line[index] == "/" && line[index + 1] == "/"
    }
}

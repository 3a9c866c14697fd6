import Foundation

/// Large files parsed in chunks on all cores.
///
/// The tokens are cut before top-level keywords about `tokensPerChunk` tokens apart, and each chunk is parsed
/// on its own. A chunk's parse is the one a parse of the whole file makes when it ends exactly at the next
/// cut (see `parseDeclarations`): by induction from the first chunk, every chunk then starts where the whole
/// parse starts a declaration, so the declarations and the diagnostics, joined in chunk order, are the same.
/// When a declaration runs past a cut (a keyword used as a name, say), the file is parsed again in one pass.
extension Parser {
    /// Tokens per chunk (the 10,000-message benchmark file has about 700,000).
    static var defaultTokensPerChunk: Int { 1 << 16 }

    /// The declarations and parser diagnostics of the whole file, or nil for a file of fewer than two chunks
    /// or when a chunk's parse ran past its end.
    static func parseInChunks(source: SourceFile, tokens: [Token], tokensPerChunk: Int) -> ([DeclarationSyntax], [Diagnostic])? {
        let cuts = chunkCuts(tokens, tokensPerChunk: max(1, tokensPerChunk))
        guard cuts.count > 2 else { return nil }
        let results = ChunkResults<([DeclarationSyntax], [Diagnostic])?>(count: cuts.count - 1)
        DispatchQueue.concurrentPerform(iterations: cuts.count - 1) { chunk in
            results.store(parseDeclarations(source: source, tokens: tokens, from: cuts[chunk], to: cuts[chunk + 1]), at: chunk)
        }
        var declarations: [DeclarationSyntax] = []
        var diagnostics: [Diagnostic] = []
        for result in results.values {
            guard let (chunkDeclarations, chunkDiagnostics) = result else { return nil }
            declarations += chunkDeclarations
            diagnostics += chunkDiagnostics
        }
        return (declarations, diagnostics)
    }

    /// Token indices where chunks start, ending with the index of `.endOfFile`: 0, then the first top-level
    /// keyword at or after each multiple of `tokensPerChunk`.
    static func chunkCuts(_ tokens: [Token], tokensPerChunk: Int) -> [Int] {
        let end = tokens.count - 1
        var cuts = [0]
        var target = tokensPerChunk
        while target < end {
            var cut = target
            while cut < end, !isTopLevelKeyword(tokens[cut]) { cut += 1 }
            if cut < end { cuts.append(cut) }
            target = cut + tokensPerChunk
        }
        cuts.append(end)
        return cuts
    }
}

import Testing
@testable import HTTPIDLCore

/// Large files are parsed in chunks on all cores; the result must be exactly that of the one-pass parse: the
/// same declarations, comments and diagnostics in the same order, also when the input is broken around the
/// cuts (unclosed blocks, stray tokens, a keyword used as a name, a file ending inside a declaration).
@Suite struct ChunkedParseTests {
    /// Inputs, each with many top-level keywords so that small chunks put cuts everywhere.
    static let inputs: [String] = [
        // Well formed, with doc comments and every kind of declaration.
        """
        /// An item.
        STRUCT Item { REQUIRED INT64 id; STRING name = display-name; }
        ENUM Status : STRING { ACTIVE = "active"; BANNED = "banned"; }
        EXTERN Money;
        UNION Shape { Item; Status; }
        /// Items.
        MESSAGE /items/$item_id { GET REQUEST { INT32 limit DEFAULT 20; } GET RESPONSE { ARRAY<Item> items; } }
        MESSAGE (Named) /named { POST REQUEST { STRING a; } POST RESPONSE { Item; } }
        """,
        // A message never closed, followed by declarations (recovery at the next top-level keyword).
        """
        MESSAGE /a { GET REQUEST { INT32 x; }
        STRUCT B { INT32 y; }
        MESSAGE /c { GET RESPONSE { B; } }
        """,
        // Stray tokens at the top level, a lower-case keyword, missing semicolons, a bad type.
        """
        garbage ; } { STRUCT C { INT32 a INT32 b; }
        struct D { INT32 c; }
        STRUCT E { ARRAY<INT32 d; DICT<STRING> e; }
        ENUM F : { A = 1; B }
        MESSAGE /g/$ { GET REQUEST { INT32 h; } }
        """,
        // Keywords used as names: a declaration that runs over a keyword the chunks cut at.
        """
        MESSAGE (STRUCT) /x { GET RESPONSE { INT32 y; } }
        STRUCT ENUM { INT32 MESSAGE; }
        STRUCT G { UNION u; }
        MESSAGE /y { GET RESPONSE { G; } }
        """,
        // An unterminated string and a file that ends inside a message.
        """
        STRUCT H { STRING s DEFAULT "abc; }
        STRUCT I { INT32 i; }
        MESSAGE /z { GET REQUEST {
        """,
    ]

    static func assertSameParse(_ text: String, tokensPerChunk: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let source = SourceFile(name: "chunks.http", text: text)
        let (whole, wholeDiagnostics) = Parser.parse(source, tokensPerChunk: nil)
        let (chunked, chunkedDiagnostics) = Parser.parse(source, tokensPerChunk: tokensPerChunk)
        #expect(chunked.declarations == whole.declarations, sourceLocation: sourceLocation)
        #expect(chunked.comments == whole.comments, sourceLocation: sourceLocation)
        #expect(chunked.isBlank == whole.isBlank, sourceLocation: sourceLocation)
        #expect(chunkedDiagnostics == wholeDiagnostics, sourceLocation: sourceLocation)
    }

    @Test(arguments: inputs.indices, [1, 2, 5, 13])
    func chunkedParseMatchesOnePass(input: Int, tokensPerChunk: Int) {
        Self.assertSameParse(Self.inputs[input], tokensPerChunk: tokensPerChunk)
    }

    /// The inputs one after the other, and every input cut at every top-level keyword.
    @Test func concatenatedInputs() {
        Self.assertSameParse(Self.inputs.joined(separator: "\n"), tokensPerChunk: 1)
    }

    /// Chunks really are parsed apart (not all in the fallback), and a keyword used as a name makes the chunked
    /// parse give up (its result is then the one-pass parse, as checked above).
    @Test func chunksAreParsedOrAbandoned() {
        for (index, text) in Self.inputs.enumerated() {
            let source = SourceFile(name: "chunks.http", text: text)
            let tokens = Lexer(source: source).tokens
            #expect(Parser.chunkCuts(tokens, tokensPerChunk: 1).count > 3)
            let chunked = Parser.parseInChunks(source: source, tokens: tokens, tokensPerChunk: 1)
            #expect((chunked == nil) == (index == 3), "input \(index)")
        }
    }

    /// A large file with errors in some messages, cut into many chunks, and at the default chunk size.
    @Test func largeFileWithErrors() {
        let text = MessagesAheadTests.largeFile(count: SemanticAnalyzer.messageChunkSize * 4 + 17, collisions: true)
            + "MESSAGE /broken { GET REQUEST { INT32 x }\n" + MessagesAheadTests.largeFile(count: 300, collisions: false)
        Self.assertSameParse(text, tokensPerChunk: 997)
        let repeated = String(repeating: text, count: 3)
        let tokens = Lexer(source: SourceFile(name: "chunks.http", text: repeated)).tokens
        #expect(Parser.chunkCuts(tokens, tokensPerChunk: Parser.defaultTokensPerChunk).count > 2)
        Self.assertSameParse(repeated, tokensPerChunk: Parser.defaultTokensPerChunk)
    }
}

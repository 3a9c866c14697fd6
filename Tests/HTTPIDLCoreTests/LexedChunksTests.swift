import Testing
@testable import HTTPIDLCore

/// Large files are lexed and parsed in chunks on all cores, cut at line starts; the result must be exactly
/// that of the one-pass lex and parse (the same declarations, comments and diagnostics in the same order), and
/// a cut where a chunk lexer cannot start (inside a block comment or a declaration) makes the chunked parse
/// give up.
@Suite struct LexedChunksTests {
    /// Inputs cut at every declaration line by small chunk sizes: doc comments above the cut lines, comments
    /// and blank lines between declarations, `\r\n`, a byte-order mark, a control character, non-ASCII text, an
    /// unterminated string and unclosed blocks before a cut, and a file ending inside a declaration.
    static let inputs: [String] = ChunkedParseTests.inputs + [
        "\u{FEFF}/// doc\nSTRUCT A { INT32 a; } // trailing\nSTRUCT B { INT32 b; }\r\n\r\n/// two\n/// lines\r\nENUM E : STRING { A = \"a\"; }\n",
        "STRUCT A { INT32 a; }\n  \t\n// plain\n\n/// doc\nMESSAGE(Named) /x { GET REQUEST { INT32 \u{01} y; } GET RESPONSE { A; } }\nSTRUCT Ü { INT32 b; }\n",
        "STRUCT S { STRING s DEFAULT \"unterminated\nSTRUCT T { INT32 t; }\n/// dangling doc\n",
        "STRUCT A { INT32 a;\nSTRUCT B { INT32 b; }\nMESSAGE /m { GET REQUEST { } GET RESPONSE { B; } }\nEXTERN\n",
        "MESSAGE /a { GET REQUEST { INT32 x; }\n    GET RESPONSE { INT32 y; } }\nUNION U { A; }\nSTRUCT\n",
    ]

    /// A block comment holding a declaration line: the cut there falls inside the comment.
    static let commentedOut = "STRUCT A { INT32 a; }\n/* STRUCT B { INT32 b; }\nSTRUCT C { INT32 c; }\n*/\nSTRUCT D { INT32 d; }\n"

    /// A keyword used as a name at the start of a line: the declaration above runs past the cut there.
    static let keywordAsName = "MESSAGE (\nSTRUCT) /x { GET RESPONSE { INT32 y; } }\nSTRUCT B { INT32 b; }\n"

    /// Compares the chunked parse with the one-pass parse; false when the chunked parse gave up.
    @discardableResult
    static func assertSameParse(_ source: SourceFile, scalarsPerChunk: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let (whole, wholeDiagnostics) = Parser.parse(source, tokensPerChunk: nil)
        let (anyway, anywayDiagnostics) = Parser.parse(source)
        #expect(anyway.declarations == whole.declarations && anyway.comments == whole.comments && anywayDiagnostics == wholeDiagnostics,
                sourceLocation: sourceLocation)
        guard let (chunked, chunkedDiagnostics) = Parser.lexAndParseInChunks(source, scalarsPerChunk: scalarsPerChunk) else { return false }
        #expect(chunked.declarations == whole.declarations, sourceLocation: sourceLocation)
        #expect(chunked.comments == whole.comments, sourceLocation: sourceLocation)
        #expect(chunked.isBlank == whole.isBlank, sourceLocation: sourceLocation)
        #expect(chunkedDiagnostics == wholeDiagnostics, sourceLocation: sourceLocation)
        return true
    }

    @Test(arguments: inputs.indices, [1, 2, 17, 60])
    func chunkedLexAndParseMatchesOnePass(input: Int, scalarsPerChunk: Int) {
        Self.assertSameParse(SourceFile(name: "chunks.http", text: Self.inputs[input]), scalarsPerChunk: scalarsPerChunk)
    }

    /// Invalid UTF-8 before and after a cut.
    @Test func invalidUTF8() {
        let bytes = Array("STRUCT A { INT32 a\u{00}; }\n".utf8) + [0xFF, 0xC3] + Array(" x\nSTRUCT B { INT32 b; }\n".utf8)
            + Array("STRUCT C { STRING c DEFAULT \"".utf8) + [0xFE] + Array("\"; }\nSTRUCT D { INT32 d; }\n".utf8)
        for size in [1, 5, 30] {
            Self.assertSameParse(SourceFile(name: "bytes.http", bytes: bytes), scalarsPerChunk: size)
        }
    }

    /// Well-formed inputs really are lexed in chunks; a cut inside a block comment or inside a declaration
    /// (a keyword used as a name, an unclosed block) makes the chunked parse give up, and `parse` then
    /// gives the one-pass result (checked in `assertSameParse`).
    @Test func chunksAreLexedOrAbandoned() {
        let wellFormed = [ChunkedParseTests.inputs[0], Self.inputs[5], Self.inputs[6]]
        for text in wellFormed {
            #expect(Self.assertSameParse(SourceFile(name: "chunks.http", text: text), scalarsPerChunk: 1))
        }
        #expect(Parser.lineCuts(Array(Self.commentedOut.unicodeScalars), scalarsPerChunk: 1) == [0, 47, 72, 94])
        #expect(!Self.assertSameParse(SourceFile(name: "chunks.http", text: Self.commentedOut), scalarsPerChunk: 1))
        #expect(Self.assertSameParse(SourceFile(name: "chunks.http", text: Self.commentedOut), scalarsPerChunk: 60))
        #expect(!Self.assertSameParse(SourceFile(name: "chunks.http", text: Self.keywordAsName), scalarsPerChunk: 1))
    }

    /// Doc comments, blank and comment lines above a declaration go with it into its chunk.
    @Test func cutsGoAboveDocComments() {
        let text = "STRUCT A { INT32 a; }\n\n// note\n/// doc\nSTRUCT B { INT32 b; }\n"
        let scalars = Array(text.unicodeScalars)
        #expect(Parser.lineCuts(scalars, scalarsPerChunk: 1) == [0, 22, scalars.count])
    }

    /// A large file with errors in some messages, at a small chunk size and at the default one.
    @Test func largeFileWithErrors() {
        let text = MessagesAheadTests.largeFile(count: SemanticAnalyzer.messageChunkSize * 4 + 17, collisions: true)
            + "MESSAGE /broken { GET REQUEST { INT32 x }\n" + MessagesAheadTests.largeFile(count: 300, collisions: false)
        #expect(Self.assertSameParse(SourceFile(name: "large.http", text: text), scalarsPerChunk: 4093))
        let repeated = String(repeating: text, count: 3)
        #expect(Self.assertSameParse(SourceFile(name: "large.http", text: repeated), scalarsPerChunk: Parser.defaultScalarsPerChunk))
    }
}

import Testing
@testable import HTTPIDLCore

@Suite struct LexerTests {
    @Test func splitsDelimitersAndWords() {
        let lexer = Lexer(source: SourceFile(name: "t.http", text: "MESSAGE /a/$id { GET REQUEST {} }"))
        #expect(lexer.tokens.map(\.kind) == [.word, .slash, .word, .slash, .dollar, .word, .leftBrace, .word, .word, .leftBrace,
                                             .rightBrace, .rightBrace, .endOfFile])
        #expect(lexer.diagnostics.isEmpty)
    }
}

import Testing
@testable import HTTPIDLCore

@Suite struct LexerTests {
    private func lex(_ text: String) -> Lexer { Lexer(source: SourceFile(name: "t.http", text: text)) }

    @Test func splitsDelimitersAndWords() {
        let lexer = lex("MESSAGE /a/$id { GET REQUEST {} }")
        #expect(lexer.tokens.map(\.kind) == [.word, .slash, .word, .slash, .dollar, .word, .leftBrace, .word, .word, .leftBrace,
                                             .rightBrace, .rightBrace, .endOfFile])
        #expect(lexer.diagnostics.isEmpty)
    }

    @Test func escapesResolveInsideWords() {
        let token = lex(#"a\;b\\c\/d"#).tokens[0]
        #expect(token.kind == .word)
        #expect(token.text == #"a;b\c/d"#)
        #expect(token.hasEscapes)
    }

    @Test func stringLiteralsResolveEscapes() {
        let token = lex(#""a \"b\" \\ \n""#).tokens[0]
        #expect(token.kind == .string)
        #expect(token.text == "a \"b\" \\ \n")
    }

    @Test func spaceAndCommentsMarkTheNextToken() {
        let tokens = lex("/a/*c*/b /x").tokens
        #expect(tokens.map(\.precededBySpace) == [true, false, true, true, false, true])
    }

    @Test func collectsCommentsAndDocLines() {
        let lexer = lex("// one\n/// doc line\n/* block */ STRUCT A {} // trailing")
        #expect(lexer.comments.map(\.text) == ["// one", "/// doc line", "/* block */", "// trailing"])
        #expect(lexer.comments.map(\.isTrailing) == [false, false, false, true])
        #expect(lexer.tokens[0].docComment == ["doc line"])
    }

    /// `///` doc lines: one space after the slashes and trailing spaces, tabs and CRs dropped; `////` is no doc
    /// line; comments with non-ASCII text take the same rules.
    @Test(arguments: [
        ("/// doc", "/// doc", ["doc"]), ("///doc  \t\r", "///doc", ["doc"]), ("///   two", "///   two", ["  two"]),
        ("///", "///", [""]), ("/// ", "///", [""]), ("//// not doc", "//// not doc", []), ("// plain ", "// plain", []),
        ("/// é ✓ ", "/// é ✓", ["é ✓"]), ("///é", "///é", ["é"]), ("//// é", "//// é", []),
    ] as [(String, String, [String])])
    func docLines(comment: String, text: String, doc: [String]) {
        let lexer = lex(comment + "\nSTRUCT")
        #expect(lexer.comments.map(\.text) == [text])
        #expect(lexer.tokens[0].docComment == doc)
    }

    @Test func byteOrderMarkIsSkipped() {
        let lexer = Lexer(source: SourceFile(name: "t.http", bytes: [0xEF, 0xBB, 0xBF] + Array("STRUCT".utf8)))
        #expect(lexer.tokens.first?.text == "STRUCT")
        #expect(lexer.diagnostics.isEmpty)
    }

    @Test func numbersAndDashesAreWords() {
        #expect(lex("-1.5e3 user-name").tokens.map(\.text) == ["-1.5e3", "user-name", ""])
    }
}

@Suite struct SourceFileTests {
    @Test func mapsOffsetsToLinesAndColumns() {
        let source = SourceFile(name: "t.http", text: "ab\ncdé\n\nx")
        #expect(source.location(of: 0) == SourceLocation(line: 1, column: 1))
        #expect(source.location(of: 3) == SourceLocation(line: 2, column: 1))
        #expect(source.location(of: 5) == SourceLocation(line: 2, column: 3))
        #expect(source.location(of: 8) == SourceLocation(line: 4, column: 1))
        #expect(source.location(of: 99) == SourceLocation(line: 4, column: 2))
        #expect(source.lineText(2) == "cdé")
        #expect(source.lineText(3) == "")
    }

    @Test func recordsInvalidUTF8() {
        let source = SourceFile(name: "t.http", bytes: [0x61, 0xFF, 0x62, 0xE2, 0x82])
        #expect(source.invalidUTF8Offsets == [1, 3])
        #expect(source.scalars.count == 4)
    }

    @Test func carriageReturnsAreNotPartOfTheLine() {
        let source = SourceFile(name: "t.http", text: "abc\r\ndef")
        #expect(source.lineText(1) == "abc")
        #expect(source.location(of: 5) == SourceLocation(line: 2, column: 1))
    }
}

@Suite struct DiagnosticRendererTests {
    @Test func rendersLikeACompiler() {
        let source = SourceFile(name: "users.http", text: "STRUCT A {\n\tUsr owner;\n}\n")
        let result = HTTPIDLCompiler().compile([source])
        let text = result.diagnostics.map { DiagnosticRenderer().render($0, source: source) }.joined(separator: "\n")
        #expect(text == """
            users.http:2:2: warning: unknown type 'Usr'; declare it with 'EXTERN Usr;' if it is a Swift type you provide
            \tUsr owner;
            \t^~~
            """)
    }

    @Test func cutsLongLinesAroundTheCaret() throws {
        let source = SourceFile(name: "long.http", text: "STRUCT A { " + String(repeating: "ARRAY<", count: 200) + "Q" + String(repeating: ">", count: 200) + " x; }")
        let diagnostic = Diagnostic(.error, "boom", at: SourceRange(start: 1211, end: 1212), in: source)
        let lines = DiagnosticRenderer().render(diagnostic, source: source).split(separator: "\n").map(String.init)
        #expect(lines[0] == "long.http:1:1212: error: boom")
        #expect(lines[1].unicodeScalars.count == DiagnosticRenderer.maximumExcerptWidth + 2)
        #expect(lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
        let caret = try #require(lines[2].firstIndex(of: "^"))
        #expect(Array(lines[1])[lines[2].distance(from: lines[2].startIndex, to: caret)] == "Q")
    }

    @Test func runsOfInvalidBytesAreOneDiagnostic() {
        let result = HTTPIDLCompiler().compile([SourceFile(name: "b.http", bytes: Array("STRUCT A { STRING ".utf8) + [0xFF, 0xFE, 0xFD] + Array(" a; }".utf8))])
        #expect(TestSupport.summaries(result) == ["1:19: error: invalid UTF-8 byte sequence"])
        #expect(result.diagnostics.first?.range == SourceRange(start: 18, end: 21))
    }

    @Test func rendersNotes() {
        let source = SourceFile(name: "a.http", text: "STRUCT A {}\nSTRUCT A {}\n")
        let result = HTTPIDLCompiler().compile([source])
        let text = DiagnosticRenderer().render(result.diagnostics[0], source: source)
        #expect(text == """
            a.http:2:8: error: duplicate declaration of 'A'; first declared at 1:8
            STRUCT A {}
                   ^
            a.http:1:8: note: 'A' first declared here
            STRUCT A {}
                   ^
            """)
    }
}

@Suite struct NamingTests {
    @Test(arguments: [
        ("snap_id", "SnapId", "snapId"), ("userID", "UserId", "userId"), ("URLString", "UrlString", "urlString"),
        ("user-name.json", "UserNameJson", "userNameJson"), ("a__b", "AB", "aB"), ("ID", "Id", "id"), ("v1.2", "V12", "v12"),
        ("2fa", "2fa", "_2fa"), ("self", "Self", "selfValue"),
        ("", "", ""), ("-", "", ""), ("ünïcode_x", "NCodeX", "nCodeX"), ("HTTPServer2Go", "HttpServer2Go", "httpServer2Go"),
        ("item_id", "ItemId", "itemId"), ("items5", "Items5", "items5"), ("A", "A", "a"), ("aB", "AB", "aB"), ("init", "Init", "initValue"),
    ] as [(String, String, String)])
    func caseConversion(input: String, upper: String, lower: String) {
        #expect(Naming.upperCamel(input) == upper)
        #expect(Naming.lowerCamel(input) == lower)
    }

    @Test func stringLiteralsEscape() {
        #expect(Naming.stringLiteral("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u{1}""#)
    }

    @Test func keywordsGetBackticks() {
        #expect(Naming.escaped("default") == "`default`")
        #expect(Naming.escaped("name") == "name")
    }

    /// Text without anything to escape is used as it is; with something, only that is escaped.
    @Test(arguments: [
        ("plain text", "\"plain text\""), ("é ✓", "\"é ✓\""), ("", "\"\""), ("tab\there", #""tab\there""#),
        ("del\u{7F}", #""del\u{7f}""#), ("q\"", #""q\"""#),
    ] as [(String, String)])
    func stringLiteralRows(text: String, literal: String) {
        #expect(Naming.stringLiteral(text) == literal)
        #expect(Naming.stringLiteralContent(text) == String(literal.dropFirst().dropLast()))
    }
}

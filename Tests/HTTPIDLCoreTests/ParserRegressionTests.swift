import Testing
@testable import HTTPIDLCore

/// Inputs found by mutation fuzzing (`CorpusMutationTests`), kept as plain regression tests.
@Suite struct ParserRegressionTests {
    /// Text between a URI and its `{` on a later line used to be skipped without a word (`GETple` vanished, and
    /// `httpidl format` deleted it).
    @Test(arguments: [
        ("MESSAGE /m\nGETple {\n  GET REQUEST {}\n  GET RESPONSE {}\n}\n", "2:1: error: expected '{' after the URI, found 'GETple'"),
        ("MESSAGE /m ///x {\n\tGETple {\n\tGET REQUEST {}\n\tGET RESPONSE {}\n}\n", "2:2: error: expected '{' after the URI, found 'GETple'"),
        ("MESSAGE /m\n/* c */ x {\n  GET REQUEST {}\n  GET RESPONSE {}\n}\n", "2:9: error: expected '{' after the URI, found 'x'"),
    ])
    func textBetweenTheURIAndItsBraceOnALaterLineIsDiagnosed(text: String, expected: String) {
        let result = TestSupport.compile(text)
        #expect(TestSupport.summaries(result).first == expected)
        #expect(IDLFormatter.format(SourceFile(name: "f.http", text: text)).text == nil)
    }

    /// A URI on one line and its `{` on the next is still fine, and a keyword there is reported once.
    @Test func braceOnTheNextLineAndKeywordAfterTheURI() {
        #expect(TestSupport.compile("MESSAGE /m\n{\n  GET REQUEST {}\n  GET RESPONSE {}\n}\n").diagnostics.isEmpty)
        #expect(TestSupport.summaries(TestSupport.compile("MESSAGE /m\nSTRUCT S {}\n"))
                == ["2:1: error: expected '{' after the URI, found 'STRUCT'"])
    }

    /// In a CRLF file an unterminated string ends before the `\r`, so carets stay on the line.
    @Test func unterminatedStringInACRLFFileKeepsColumnsOnTheLine() {
        let text = "ENUM Mode : STRING {\r\n    DRIVE = \"dri\r\n    WALK = \"walk\";\r\n}\r\n"
        let summaries = TestSupport.summaries(TestSupport.compile(text))
        #expect(summaries.prefix(2) == [
            "2:13: error: unterminated string literal",
            "2:17: error: expected ';' after case 'DRIVE'",
        ])
    }

    /// A `///` inside a field documented nothing, but formatting moved it where it documented the next field.
    @Test(arguments: [
        "STRUCT P {\n    REQUIRED  /// Degrees north.\n    DOUBLE lat; // trailing\n    /* before */ DOUBLE lng;\n}\n",
        "STRUCT P {\n    REQUIRED\n    /// ignored\n    DOUBLE /* unit */ lat = \"l\"; /// trailing\n    INT32 b;\n}\n",
    ])
    func formattingNeverMovesAStrayDocComment(text: String) throws {
        let formatted = try #require(IDLFormatter.format(SourceFile(name: "f.http", text: text)).text)
        #expect(IDLFormatter.format(SourceFile(name: "f.http", text: formatted)).text == formatted)
        #expect(TestSupport.swift(TestSupport.compile(formatted)) == TestSupport.swift(TestSupport.compile(text)))
    }
}

import Testing
@testable import HTTPIDLCore

/// Malformed input: each gives precise diagnostics (line and column), never a crash, never partial output.
@Suite struct MalformedInputTests {
    /// Compiles bytes and returns `line:column: severity: message` lines.
    private func check(_ bytes: [UInt8]) -> (summaries: [String], result: HTTPIDLCompiler.Result) {
        let result = TestSupport.compile(SourceFile(name: "bad.http", bytes: bytes))
        return (TestSupport.summaries(result), result)
    }

    private func check(_ text: String) -> (summaries: [String], result: HTTPIDLCompiler.Result) {
        check(Array(text.utf8))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unterminated block comment", input: "MESSAGE /a {\n    GET REQUEST {}\n    GET RESPONSE {}\n    /* never closed\n}\n",
             expected: ["4:5: error: unterminated block comment; expected '*/'",
                        "6:1: error: expected '}' to close the MESSAGE block opened at 1:12"]),
        Case(name: "unterminated message block", input: "MESSAGE /a {\n    GET REQUEST {}\n    GET RESPONSE {}\n",
             expected: ["4:1: error: expected '}' to close the MESSAGE block opened at 1:12"]),
        Case(name: "unterminated body before next declaration", input: "STRUCT A {\n    STRING a;\nSTRUCT B {}\n",
             expected: ["2:14: error: expected '}' to close the block opened at 1:10"]),
        Case(name: "unterminated body before next part",
             input: "MESSAGE /a {\n    GET REQUEST {\n        STRING q;\n    GET RESPONSE {}\n}\n",
             expected: ["3:18: error: expected '}' to close the block opened at 2:17"]),
        Case(name: "unterminated string", input: "ENUM E : STRING {\n    A = \"open;\n}\n",
             expected: ["2:9: error: unterminated string literal", "2:15: error: expected ';' after case 'A'"]),
        Case(name: "stray control byte", input: "STRUCT A {\n    STRING a\u{01};\n}\n",
             expected: ["2:13: error: unexpected control character U+0001"]),
        Case(name: "stray NUL between declarations", input: "STRUCT A {}\n\u{00}\nSTRUCT B {}\n",
             expected: ["2:1: error: unexpected control character U+0000"]),
        Case(name: "unknown top-level word", input: "STRUCT A {}\nhello world\nSTRUCT B {}\n",
             expected: ["2:1: error: expected 'MESSAGE', 'STRUCT', 'ENUM', 'EXTERN', 'UNION' or 'WEBSOCKET', found 'hello'"]),
        Case(name: "lower-case keyword", input: "message /a {}\n",
             expected: ["1:1: error: keywords are upper-case: write 'MESSAGE'"]),
        Case(name: "lower-case method", input: "MESSAGE /a {\n    get REQUEST {}\n}\n",
             expected: ["2:5: error: HTTP methods are upper-case: write 'GET'"]),
        Case(name: "missing role", input: "MESSAGE /a {\n    GET {}\n    GET RESPONSE {}\n}\n",
             expected: ["2:9: error: expected 'REQUEST', 'RESPONSE' or 'ERROR' after 'GET', found '{'"]),
        Case(name: "invalid escape", input: "STRUCT A {\n    STRING a = x\\qy;\n}\n",
             expected: ["2:17: error: invalid escape; '\\' escapes one of / { } $ < > ( ) , = ; : \\"]),
        Case(name: "missing closing angle", input: "STRUCT A {\n    ARRAY<STRING a;\n}\n",
             expected: ["2:18: error: expected '>' to close 'ARRAY<', found 'a'"]),
        Case(name: "DICT without comma", input: "STRUCT A {\n    DICT<STRING STRING> a;\n}\n",
             expected: ["2:17: error: expected ',' between the key and value types of 'DICT', found 'STRING'"]),
        Case(name: "missing field name", input: "STRUCT A {\n    STRING = k;\n}\n",
             expected: ["2:12: error: expected a field name, found '='"]),
        Case(name: "invalid field name", input: "STRUCT A {\n    STRING user-name;\n}\n",
             expected: ["2:12: error: 'user-name' is not a valid field name; names use letters, digits and '_' and do not start with a digit"]),
        Case(name: "missing wire key", input: "STRUCT A {\n    STRING a = ;\n}\n",
             expected: ["2:16: error: expected a wire key after '=', found ';'"]),
        Case(name: "mixed single value and fields", input: "MESSAGE /a {\n    POST REQUEST { STRING; INT32 b; }\n    POST RESPONSE {}\n}\n",
             expected: ["2:20: error: a single-value body '{ TYPE; }' holds exactly one type and no fields"]),
        Case(name: "bad DEFAULT literal", input: "STRUCT A {\n    INT32 a DEFAULT abc;\n}\n",
             expected: ["2:21: error: expected a literal (a \"string\", a number, true or false), found 'abc'"]),
        Case(name: "OpenAPI-style parameter", input: "MESSAGE /users/{id}/posts {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n",
             expected: ["1:16: error: '{id}' is not a path parameter in HTTPIDL; write '${id}' or '$id'"]),
        Case(name: "unclosed MESSAGE name", input: "MESSAGE(Name /a {\n    GET REQUEST {}\n    GET RESPONSE {}\n}\n",
             expected: ["1:14: error: expected ')' after the message name"]),
    ]

    @Test(arguments: cases)
    func reportsPreciseDiagnostics(_ item: Case) {
        let (summaries, result) = check(item.input)
        #expect(summaries == item.expected)
        #expect(result.outputs.isEmpty)
    }

    @Test func invalidUTF8IsReportedAtTheByte() {
        let bytes = Array("STRUCT A {\n    STRING b".utf8) + [0xFF] + Array("c;\n}\n".utf8)
        let (summaries, result) = check(bytes)
        #expect(summaries == ["2:13: error: invalid UTF-8 byte sequence"])
        #expect(result.outputs.isEmpty)
    }

    @Test func invalidUTF8InsideAKeyAndAComment() {
        let bytes = Array("/* ".utf8) + [0xC3] + Array(" */\nSTRUCT A {\n    STRING b = \"".utf8) + [0xE2, 0x82] + Array("\";\n}\n".utf8)
        let (summaries, _) = check(bytes)
        #expect(summaries == ["3:17: error: invalid UTF-8 byte sequence"])
    }

    @Test func emptyFileIsReported() {
        let (summaries, result) = check("")
        #expect(summaries == ["1:1: warning: file declares nothing (no MESSAGE, STRUCT, ENUM, EXTERN or UNION)"])
        #expect(result.succeeded)
        #expect(TestSupport.compile("", strict: true).outputs.isEmpty)
    }

    @Test func tenThousandNestedArraysHitTheDepthLimit() {
        let depth = 10_000
        let type = String(repeating: "ARRAY<", count: depth) + "STRING" + String(repeating: ">", count: depth)
        let (summaries, result) = check("STRUCT Deep {\n    \(type) deep;\n    STRING after;\n}\nSTRUCT Next { Nope x; }\n")
        #expect(summaries == [
            "2:\(5 + 6 * Parser.maximumTypeDepth): error: type is nested too deeply (more than \(Parser.maximumTypeDepth) levels)",
            "5:15: warning: unknown type 'Nope'; declare it with 'EXTERN Nope;' if it is a Swift type you provide",
        ])
        #expect(result.outputs.isEmpty)
    }

    @Test func tenThousandNestedDictionariesHitTheDepthLimit() {
        let depth = 10_000
        let type = String(repeating: "DICT<STRING, ", count: depth) + "STRING" + String(repeating: ">", count: depth)
        let (summaries, _) = check("STRUCT Deep { \(type) deep; }")
        #expect(summaries == ["1:\(15 + 13 * (Parser.maximumTypeDepth - 1) + 5): error: type is nested too deeply (more than \(Parser.maximumTypeDepth) levels)"])
    }

    @Test func sixtyFourLevelsAreAccepted() {
        let depth = Parser.maximumTypeDepth - 1
        let type = String(repeating: "ARRAY<", count: depth) + "STRING" + String(repeating: ">", count: depth)
        let (summaries, result) = check("STRUCT Deep { \(type) deep; }")
        #expect(summaries.isEmpty)
        #expect(result.succeeded)
    }

    @Test func manyUnclosedBracesDoNotRecurse() {
        let (summaries, result) = check("STRUCT A " + String(repeating: "{", count: 10_000))
        #expect(summaries.first == "1:11: error: expected a type, found '{'")
        #expect(!result.succeeded)
    }

    @Test func everyTruncationOfAGoldenFileIsHandled() throws {
        let text = """
            /// Doc.
            STRUCT User { REQUIRED INT64 id; STRING name = user_name DEFAULT "x"; ARRAY<DICT<STRING, User>> m; }
            ENUM S : STRING { A = "a"; }
            MESSAGE(Named) /users/${id}.json {
                GET REQUEST { HEADER STRING t = X-T; }
                GET RESPONSE { User; }
                POST REQUEST MULTIPART { FILE f; }
                POST RESPONSE {}
            }
            """
        let scalars = Array(text.unicodeScalars)
        for length in 0...scalars.count {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[0..<length])
            let result = TestSupport.compile(String(view))
            if !result.succeeded { #expect(result.outputs.isEmpty) }
        }
    }
}

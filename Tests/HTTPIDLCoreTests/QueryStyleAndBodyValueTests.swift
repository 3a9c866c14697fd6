import Testing
@testable import HTTPIDLCore

/// `QUERY(STYLE)` and `BODY TYPE;`: the rules, each a row.
@Suite struct QueryStyleAndBodyValueTests {
    static func message(_ request: String) -> String {
        "STRUCT S { STRING a; }\nMESSAGE /x/$id {\n    POST REQUEST {\n        \(request)\n    }\n    POST RESPONSE {}\n}\n"
    }

    @Test(arguments: [
        // Each field keeps its own style (the encoder's strategy for its key).
        ("QUERY(REPEATED) ARRAY<STRING> a; QUERY(COMMA) ARRAY<STRING> b;", ""),
        ("QUERY(FLATTENED) S a; QUERY(DOTS) S b;", ""),
        ("QUERY(REPEATED) STRING a;", "4:15: error: query style REPEATED applies to ARRAY fields"),
        ("QUERY(FLATTENED) ARRAY<STRING> a;", "4:15: error: query style FLATTENED applies to STRUCT or DICT fields"),
        ("QUERY(WIDE) ARRAY<STRING> a;",
         "4:15: error: expected a query style (INDEXED, BRACKETED, REPEATED, COMMA, PIPE, SPACE, BRACKETS, DOTS, FLATTENED), found 'WIDE'"),
        ("QUERY(REPEATED ARRAY<STRING> a;", "4:24: error: expected ')' after the query style, found 'ARRAY'"),
        ("BODY S; STRING a;", "4:24: error: 'BODY S;' is the whole body; give field 'a' a QUERY, HEADER or PATH placement"),
        ("BODY S; BODY S;", "4:22: error: a request has one 'BODY TYPE;'"),
        ("BODY S; QUERY INT32 a;", ""),
        ("QUERY(REPEATED) ARRAY<STRING> a; QUERY(FLATTENED) S b; QUERY(REPEATED) ARRAY<INT32> c;", ""),
    ])
    func rules(request: String, expected: String) {
        let result = TestSupport.compile(Self.message(request))
        #expect(TestSupport.summaries(result).joined(separator: "\n") == expected)
    }

    @Test func bodyValueKeepsParametersAndSendsTheValue() {
        let swift = TestSupport.swift(TestSupport.compile(Self.message("QUERY(REPEATED) ARRAY<STRING> tags; BODY ARRAY<S>;")))
        #expect(swift.contains("public var payload: [S]"))
        #expect(swift.contains("public var body: RequestBody? { .json(self.payload) }"))
        #expect(swift.contains("URLQueryEncoder(arrayEncodingStrategy: .repeated)"))
        #expect(swift.contains("public var id: String"))
    }

    @Test func formatterWritesBothForms() {
        let (text, _) = IDLFormatter.format(SourceFile(name: "f.http", text: Self.message("BODY S;   QUERY(PIPE)   ARRAY<INT32> a;")))
        #expect(text?.contains("        QUERY(PIPE) ARRAY<INT32> a;\n        BODY S;\n") == true)
    }
}

import Foundation
import Testing
@testable import HTTPIDLCore

/// `UNION`: the rules, each a row, and decoding/encoding of the generated enum's logic.
@Suite struct UnionTests {
    @Test(arguments: [
        ("STRUCT A {}\nUNION U { A; STRING; }", ""),
        ("UNION U { STRING; STRING; }", "1:19: error: duplicate member type 'STRING' in UNION 'U'"),
        ("UNION U { ANY; INT32; }",
         "1:11: error: ANY in a UNION would match every value; the union already keeps unknown values in its fallback case"),
        ("UNION U { FILE; }",
         "1:11: error: FILE (a file on disk) cannot be sent in a JSON body; use it in a MULTIPART or BINARY request or as a whole response body '{ FILE; }'"),
        ("UNION U { Nope; }", "1:11: warning: unknown type 'Nope'; declare it with 'EXTERN Nope;' if it is a Swift type you provide"),
        ("UNION U { STRING }", "1:17: error: expected ';' after member type 'STRING'"),
        ("UNION U { INT32;\nSTRUCT A {}", "1:17: error: expected '}' to close the block opened at 1:9"),
        ("UNION U {}\nUNION U {}", "2:7: error: duplicate declaration of 'U'; first declared at 1:7"),
        ("STRUCT unknown {}\nUNION U { unknown; }", ""),
    ])
    func rules(text: String, expected: String) {
        #expect(TestSupport.summaries(TestSupport.compile(text)).first ?? "" == expected)
    }

    @Test func caseNamesComeFromTheTypesAndTheFallbackAvoidsThem() throws {
        let result = TestSupport.compile("STRUCT unknown {}\nUNION U { unknown; ARRAY<INT32>; DICT<STRING, BOOL>; }")
        let swift = TestSupport.swift(result)
        #expect(swift.contains("case unknown(unknown)"))
        #expect(swift.contains("case int32Array([Int32])"))
        #expect(swift.contains("case boolDictionary([String: Bool])"))
        #expect(swift.contains("case unrecognized(JSONValue)"))
    }

    @Test func formatterIsIdempotent() {
        let (text, _) = IDLFormatter.format(SourceFile(name: "u.http", text: "/// Doc.\nUNION   U{STRING;  ARRAY<U>;}\nUNION E {}"))
        #expect(text == "/// Doc.\nUNION U {\n    STRING;\n    ARRAY<U>;\n}\n\nUNION E {}\n")
    }
}

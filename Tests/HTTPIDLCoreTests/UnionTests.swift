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
        // a discriminator: every member a STRUCT with its own value; values need a discriminator
        ("STRUCT A {}\nSTRUCT B {}\nUNION U = kind { A = a; B = \"b b\"; }", ""),
        ("STRUCT A {}\nUNION U = kind { A; }", "2:18: error: every member of a UNION with a discriminator needs its value: 'A = value;'"),
        ("STRUCT A {}\nSTRUCT B {}\nUNION U = kind { A = a; B = a; }",
         "3:29: error: duplicate discriminator value 'a' in UNION 'U'"),
        ("UNION U = kind { STRING = s; }",
         "1:18: error: a member of a UNION with a discriminator must be a STRUCT (a JSON object with the property)"),
        ("STRUCT A {}\nUNION U { A = a; }", "2:15: error: a member's '= a' names it by a discriminator; write 'UNION U = property'"),
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
        let (tagged, _) = IDLFormatter.format(SourceFile(name: "u.http", text: "UNION U=kind{A=a;B=\"b b\";}"))
        #expect(tagged == "UNION U = kind {\n    A = a;\n    B = \"b b\";\n}\n")
    }

    @Test func aDiscriminatedUnionIsImportedAndExportedWithItsMapping() throws {
        let (text, warnings) = OpenAPIImportTests.importYAML(OpenAPIImportTests.spec(schemas: """
            Pet:
              oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
              discriminator: {propertyName: petType, mapping: {cat: '#/components/schemas/Cat', dog: Dog}}
            Animal:
              oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
              discriminator: {propertyName: petType}
            Cat: {properties: {name: {type: string}}}
            Dog: {properties: {name: {type: string}}}
            """))
        #expect(warnings.isEmpty)
        #expect(text.contains("UNION Pet = \"petType\" {\n    Cat = \"cat\";\n    Dog = \"dog\";\n}"), "\(text)")
        #expect(text.contains("UNION Animal = \"petType\" {\n    Cat = \"Cat\";\n    Dog = \"Dog\";\n}"), "\(text)")
        let exported = OpenAPIExporter.export(TestSupport.compile(text).model, title: "T")
        #expect(exported.contains("\"discriminator\""), "\(exported)")
        let reimported = OpenAPIImporter.importSpec(SourceFile(name: "t.json", text: exported)).text ?? ""
        #expect(reimported.contains("UNION Pet = \"petType\" {\n    Cat = \"cat\";\n    Dog = \"dog\";\n}"), "\(reimported)")
    }
}

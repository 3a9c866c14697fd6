import Testing
@testable import HTTPIDLCore

/// `READONLY`/`WRITEONLY` fields: the rules, the Swift they generate (a read-only field is never encoded), the
/// formatter, and the OpenAPI `readOnly`/`writeOnly` of a component schema they import from and export to.
@Suite struct ReadWriteOnlyFieldTests {
    static func file(struct fields: String, request: String = "REQUIRED S s;", response: String = "S;") -> String {
        "STRUCT S {\n    \(fields)\n}\nMESSAGE /s {\n    POST REQUEST {\n        \(request)\n    }\n    POST RESPONSE { \(response) }\n}\n"
    }

    @Test(arguments: [
        (file(struct: "READONLY INT64 id; WRITEONLY STRING password; NULLABLE WRITEONLY STRING note;"), ""),
        (file(struct: "READONLY STRING state DEFAULT \"on\";"), ""),
        (file(struct: "REQUIRED READONLY INT64 id;"), "2:14: error: a READONLY field is optional (it is missing one way); remove REQUIRED"),
        (file(struct: "READONLY NULLABLE INT64 id;"), "2:5: error: a READONLY field is never sent, so never sent as null; remove NULLABLE"),
        (file(struct: "READONLY WRITEONLY INT64 id;"), "2:14: error: a field is READONLY or WRITEONLY, not both"),
        (file(struct: "INT64 id;", request: "READONLY STRING r;"),
         "6:9: error: READONLY applies to STRUCT fields (a request body is only sent, a response only received)"),
        (file(struct: "INT64 id;", response: "WRITEONLY STRING w;"),
         "8:21: error: WRITEONLY applies to STRUCT fields (a request body is only sent, a response only received)"),
    ])
    func rules(text: String, expected: String) {
        #expect(TestSupport.summaries(TestSupport.compile(text)).joined(separator: "\n") == expected)
    }

    @Test func aReadOnlyFieldIsDecodedAndNeverEncoded() throws {
        let swift = TestSupport.swift(TestSupport.compile(Self.file(struct: "READONLY INT64 id; WRITEONLY STRING password; STRING name;")))
        let encode = try #require(swift.range(of: "public func encode(to encoder: any Encoder) throws {").map { swift[$0.upperBound...] })
        let encodeBody = String(encode.prefix { $0 != "}" })
        #expect(!encodeBody.contains("\"id\""), "\(encodeBody)")
        #expect(encodeBody.contains("try container.encodeIfPresent(self.password, forKey: \"password\")"))
        #expect(encodeBody.contains("try container.encodeIfPresent(self.name, forKey: \"name\")"))
        #expect(swift.contains("self.id = try container.decodeIfPresent(Int64.self, forKey: \"id\")"))
        #expect(swift.contains("self.password = try container.decodeIfPresent(String.self, forKey: \"password\")"))
        #expect(swift.contains("/// Read-only: sent by the server, never encoded.\n    public var id: Int64?"))
    }

    @Test func formatterKeepsTheMarkers() {
        let (text, _) = IDLFormatter.format(SourceFile(name: "f.http", text: Self.file(struct: "READONLY   INT64 id;  WRITEONLY STRING p;")))
        #expect(text?.contains("    READONLY INT64 id;\n    WRITEONLY STRING p;\n") == true, "\(text ?? "")")
    }

    @Test func importMarksComponentPropertiesAndExportWritesThemBack() throws {
        let (text, warnings) = OpenAPIImportTests.importYAML(OpenAPIImportTests.spec(paths: """
            /accounts:
              post:
                requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
                responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}}
            """, schemas: """
            Account:
              type: object
              required: [id, email, password]
              properties:
                id: {type: integer, format: int64, readOnly: true}
                email: {type: string}
                password: {type: string, writeOnly: true}
            """))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(text.contains("STRUCT Account {\n    READONLY INT64 id;\n    REQUIRED STRING email;\n    WRITEONLY STRING password;\n}"), "\(text)")
        let result = TestSupport.compile(text)
        let exported = OpenAPIExporter.export(result.model, title: "T")
        #expect(exported.contains(#""readOnly": true"#) && exported.contains(#""writeOnly": true"#), "\(exported)")
        let reimported = OpenAPIImporter.importSpec(SourceFile(name: "t.json", text: exported)).text ?? ""
        #expect(reimported.contains("    READONLY INT64 id;\n    REQUIRED STRING email;\n    WRITEONLY STRING password;\n"), "\(reimported)")
    }
}

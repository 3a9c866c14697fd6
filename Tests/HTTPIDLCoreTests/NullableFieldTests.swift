import Testing
@testable import HTTPIDLCore

/// `NULLABLE` fields: the rules, the Swift they generate, and the OpenAPI import that writes them (a request
/// property that is `nullable` (3.0) or has `null` in its type (3.1)).
@Suite struct NullableFieldTests {
    static func message(_ request: String) -> String {
        "STRUCT S { NULLABLE STRING a; }\nMESSAGE /x/$id {\n    PATCH REQUEST {\n        \(request)\n    }\n    PATCH RESPONSE {}\n}\n"
    }

    @Test(arguments: [
        ("NULLABLE STRING nickname;", ""),
        ("NULLABLE S s; BODY NULLABLE INT32 n;", ""),
        ("QUERY NULLABLE STRING q;", "4:15: error: NULLABLE applies to body and STRUCT fields (a parameter is sent or left out)"),
        ("NULLABLE HEADER STRING h;", "4:9: error: NULLABLE applies to body and STRUCT fields (a parameter is sent or left out)"),
        ("REQUIRED NULLABLE STRING r;", "4:18: error: a NULLABLE field is optional (absent, null or a value); remove REQUIRED"),
        ("NULLABLE STRING d DEFAULT \"x\";", "4:9: error: a NULLABLE field is optional (absent, null or a value); remove its DEFAULT"),
    ])
    func rules(request: String, expected: String) {
        let result = TestSupport.compile(Self.message(request))
        #expect(TestSupport.summaries(result).joined(separator: "\n") == expected)
    }

    @Test func generatesAThreeStateProperty() {
        let swift = TestSupport.swift(TestSupport.compile(Self.message("NULLABLE STRING nickname;")))
        #expect(swift.contains("public var a: Nullable<String>"))
        #expect(swift.contains("public init(a: Nullable<String> = .absent)"))
        #expect(swift.contains("public var nickname: Nullable<String>"))
        #expect(swift.contains(".json(HTTPIDLRequestFields { try self.encodeBody(to: &$0) })"))
    }

    @Test func formatterKeepsTheModifier() {
        let (text, _) = IDLFormatter.format(SourceFile(name: "f.http", text: Self.message("NULLABLE   STRING nickname;")))
        #expect(text?.contains("        NULLABLE STRING nickname;\n") == true)
    }

    static let spec = OpenAPIImportTests.spec(paths: """
        /users/{id}:
          patch:
            parameters: [{name: id, in: path, required: true, schema: {type: string}}]
            requestBody:
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      nickname: {type: string, nullable: true}
                      title: {type: string}
                      profile: {$ref: '#/components/schemas/Profile'}
            responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}}
          put:
            parameters: [{name: id, in: path, required: true, schema: {type: string}}]
            requestBody:
              content:
                application/x-www-form-urlencoded:
                  schema: {type: object, properties: {assignee: {type: [integer, 'null']}}}
            responses: {'204': {description: done}}
        """, schemas: """
        Profile:
          type: object
          properties:
            bio: {type: string, nullable: true}
            id: {type: integer, nullable: true, readOnly: true}
        User:
          type: object
          properties:
            nickname: {type: string, nullable: true}
        """)

    @Test func importMarksNullableRequestProperties() {
        let (text, warnings) = OpenAPIImportTests.importYAML(Self.spec)
        #expect(warnings.isEmpty, "\(warnings)")
        // A schema a request sends: its nullable properties (but not a read-only one).
        #expect(text.contains("STRUCT Profile {\n    NULLABLE STRING bio;\n"))
        #expect(text.contains("    READONLY INT id;"))
        #expect(!text.contains("NULLABLE INT id;"))
        // A schema only a response uses keeps plain optionals.
        #expect(text.contains("STRUCT User {\n    STRING nickname;\n}"))
        // Inline JSON and form request bodies.
        #expect(text.contains("NULLABLE BODY STRING nickname;"))
        #expect(text.contains("        BODY STRING title;"))
        #expect(text.contains("NULLABLE BODY INT assignee;"))
    }
}

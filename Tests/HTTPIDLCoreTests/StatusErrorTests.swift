import Testing
@testable import HTTPIDLCore

/// `ERROR 404 { … }`: the rules, the enum of the bodies by status the request's `APIErrorBody` becomes, the
/// formatter, and the OpenAPI responses of different statuses it imports from and exports to.
@Suite struct StatusErrorTests {
    static func message(_ errors: String) -> String {
        "STRUCT NotFound { STRING message; }\nMESSAGE(Repo) /repos/$name {\n    GET REQUEST {}\n    GET RESPONSE {}\n    \(errors)\n}\n"
    }

    @Test(arguments: [
        ("GET ERROR 404 { NotFound; } GET ERROR { STRING m; }", ""),
        ("GET ERROR 404 { NotFound; } GET ERROR 404 {}", "5:33: error: duplicate GET ERROR 404 in this MESSAGE"),
        ("GET ERROR 302 { NotFound; }", "5:15: error: an ERROR status is a failing status code, 400 to 599; found '302'"),
        ("GET ERROR 4XX { NotFound; }", "5:15: error: an ERROR status is a failing status code, 400 to 599; found '4XX'"),
        ("POST ERROR 404 { NotFound; }", "5:5: error: POST ERROR has no matching POST REQUEST"),
    ])
    func rules(errors: String, expected: String) {
        #expect(TestSupport.summaries(TestSupport.compile(Self.message(errors))).joined(separator: "\n") == expected)
    }

    @Test func aSingleErrorIsTheErrorBodyAsBefore() {
        let swift = TestSupport.swift(TestSupport.compile(Self.message("GET ERROR { NotFound; }")))
        #expect(swift.contains("public typealias APIErrorBody = GetRepoErrorBody"))
        #expect(swift.contains("public typealias GetRepoErrorBody = NotFound"))
        #expect(!swift.contains("StatusErrorBody"))
    }

    @Test func statusesMakeAnEnumTheClientDecodesByStatus() {
        let swift = TestSupport.swift(TestSupport.compile(Self.message("GET ERROR 404 { NotFound; } GET ERROR 422 { STRING field; } GET ERROR { STRING m; }")))
        #expect(swift.contains("public typealias APIErrorBody = GetRepoErrorBody"))
        #expect(swift.contains("public enum GetRepoErrorBody: StatusErrorBody {"))
        #expect(swift.contains("case status404(GetRepoError404)"))
        #expect(swift.contains("case other(GetRepoError)"))
        #expect(swift.contains("public typealias GetRepoError404 = NotFound"))
        #expect(swift.contains("public struct GetRepoError422: Codable, Sendable, Equatable {"))
        #expect(swift.contains("case 422:\n            self = .status422(try decoder.decode(GetRepoError422.self, from: body, headers: headers))"), "\(swift)")
        #expect(swift.contains("default:\n            self = .other(try decoder.decode(GetRepoError.self, from: body, headers: headers))"))
    }

    @Test func formatterKeepsTheStatus() {
        let (text, _) = IDLFormatter.format(SourceFile(name: "f.http", text: Self.message("GET ERROR   404 { NotFound; }")))
        #expect(text?.contains("    GET ERROR 404 { NotFound; }\n") == true, "\(text ?? "")")
    }

    @Test func importGivesAStatusWithAnotherBodyItsOwnErrorAndExportWritesItBack() {
        let (text, warnings) = OpenAPIImportTests.importYAML(OpenAPIImportTests.spec(paths: """
            /repos/{name}:
              get:
                operationId: getRepo
                parameters: [{name: name, in: path, required: true, schema: {type: string}}]
                responses:
                  '200': {description: ok}
                  '403': {description: forbidden, content: {application/json: {schema: {$ref: '#/components/schemas/Basic'}}}}
                  '404': {description: missing, content: {application/json: {schema: {$ref: '#/components/schemas/Basic'}}}}
                  '422': {description: invalid, content: {application/json: {schema: {$ref: '#/components/schemas/Invalid'}}}}
                  5XX: {description: down, content: {application/json: {schema: {properties: {retry: {type: integer}}}}}}
            /users:
              get:
                operationId: getUsers
                responses:
                  '200': {description: ok}
                  '403': {description: forbidden, content: {application/json: {schema: {$ref: '#/components/schemas/Basic'}}}}
                  '404': {description: missing, content: {application/json: {schema: {$ref: '#/components/schemas/Basic'}}}}
                  '422': {description: invalid, content: {application/json: {schema: {$ref: '#/components/schemas/Invalid'}}}}
            """, schemas: """
            Basic:
              properties: {message: {type: string}}
            Invalid:
              properties: {fields: {type: array, items: {type: string}}}
            """))
        #expect(warnings.isEmpty, "\(warnings)")
        // 5XX is the body of any other status (a range); each status whose body differs from it has its own
        #expect(text.contains("    /// forbidden\n    GET ERROR 403 { Basic; }\n    /// missing\n    GET ERROR 404 { Basic; }\n"
            + "    /// invalid\n    GET ERROR 422 { Invalid; }"), "\(text)")
        // without a range or default, the body most statuses share is that of any other status
        #expect(text.contains("    GET ERROR { Basic; }\n    /// invalid\n    GET ERROR 422 { Invalid; }\n}"), "\(text)")
        let result = TestSupport.compile(text)
        let exported = OpenAPIExporter.export(result.model, title: "T")
        #expect(exported.contains(#""422": {"#), "\(exported)")
        let reimported = OpenAPIImporter.importSpec(SourceFile(name: "t.json", text: exported)).text ?? ""
        #expect(reimported.contains("    GET ERROR 422 { Invalid; }"), "\(reimported)")
    }
}

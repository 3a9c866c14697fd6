import Testing
@testable import HTTPIDLCore

/// The constructs of real APIs that once gave a `.http` that did not compile or a request that could not be sent
/// (issue 36): one small spec each and the `.http` text it must give (`importYAML` also compiles it).
@Suite struct OpenAPIConstructTests {
    private static func importYAML(_ yaml: String) -> (text: String, warnings: [String]) { OpenAPIImportTests.importYAML(yaml) }
    private static func spec(paths: String = "", schemas: String = "") -> String { OpenAPIImportTests.spec(paths: paths, schemas: schemas) }

    @Test func keywordsAsEnumValuesAndNamesAreEscaped() {
        let (text, warnings) = Self.importYAML(Self.spec(schemas: """
            Kind:
              type: string
              enum: [enum, message, struct, extern, union, query]
            Note:
              properties:
                MESSAGE: {type: string}
                STRUCT: {type: integer}
            """))
        #expect(warnings.isEmpty)
        #expect(text.contains("""
            ENUM Kind : STRING {
                ENUM_ = "enum";
                MESSAGE_ = "message";
                STRUCT_ = "struct";
                EXTERN_ = "extern";
                UNION_ = "union";
                QUERY = "query";
            }
            """), "\(text)")
        #expect(text.contains("    STRING MESSAGE_ = \"MESSAGE\";\n    INT STRUCT_ = \"STRUCT\";"), "\(text)")
        let swift = TestSupport.swift(TestSupport.compile(text))
        #expect(swift.contains("case `enum`") && swift.contains("case message") && swift.contains("public var message: String?"))
    }

    @Test func aQueryInThePathKeyBecomesFixedQueryFields() {
        let (text, _) = Self.importYAML(Self.spec(paths: """
            /threads/{id}/runs?beta=true&mode=a%20b:
              post:
                operationId: createRun
                parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                responses: {'200': {description: ok}}
            """))
        #expect(text.contains("""
            MESSAGE(CreateRun) /threads/$id/runs {
                POST REQUEST {
                    PATH STRING id;
                    // openapi: fixed by the path key '?beta=true&mode=a%20b'
                    QUERY STRING beta DEFAULT "true";
                    // openapi: fixed by the path key '?beta=true&mode=a%20b'
                    QUERY STRING mode DEFAULT "a b";
                }
            """), "\(text)")
    }

    @Test func aDotHTTPThatDoesNotCompileIsAnErrorAtTheSpecsJSONPointer() throws {
        let spec = SourceFile(name: "api.yaml", text: "openapi: 3.1.0\npaths:\n  /a/{b}:\n    post: {}\n")
        let text = "// header\n\nSTRUCT A {}\n\nSTRUCT A {}\n"
        let origins = [SpecLocation(pointer: "#/components/schemas/A", offset: 0),
                       SpecLocation(pointer: SpecLocation.pointer(["paths", "/a/{b}", "post"]), offset: 32)]
        let errors = OpenAPIImporter.checkCompiles(text, startLines: [3, 5], origins: origins, spec: spec).1
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.fileName == "api.yaml" && error.location.line == 4)
        #expect(error.message.hasPrefix("the .http imported from #/paths/~1a~1{b}/post does not compile: "), "\(error.message)")
    }

    @Test(arguments: [
        // an optional empty form body on GET (a payments API on every read): dropped with a note
        ("get", "requestBody:\n  content:\n    application/x-www-form-urlencoded:\n      schema: {type: object, properties: {}}",
         "    // openapi: the spec's empty optional request body is not sent (a GET request has none)\n    GET REQUEST {}"),
        // an empty body on DELETE: dropped; a DELETE body with fields is kept
        ("delete", "requestBody:\n  content:\n    application/json:\n      schema: {type: object}",
         "    // openapi: the spec's empty optional request body is not sent\n    DELETE REQUEST {}"),
        ("delete", "requestBody:\n  content:\n    application/json:\n      schema: {properties: {reason: {type: string}}}",
         "    DELETE REQUEST {\n        BODY STRING reason;\n    }"),
    ])
    func bodiesAMethodCannotSendAreDropped(method: String, body: String, expected: String) {
        let (text, warnings) = Self.importYAML(Self.spec(paths: "/x:\n  \(method):\n    operationId: x\n" + OpenAPIImportTests.indent(body, 4)
            + "    responses: {'200': {description: ok}}"))
        #expect(text.contains(expected), "\(text)")
        #expect(warnings.isEmpty)
    }

    @Test func aRequiredBodyOnGETIsAWarning() {
        let (text, warnings) = Self.importYAML(Self.spec(paths: """
            /x:
              get:
                requestBody:
                  required: true
                  content:
                    application/json:
                      schema: {properties: {q: {type: string}}}
                responses: {'200': {description: ok}}
            """))
        #expect(text.contains("// openapi: the spec's required request body is not sent (a GET request has none)"), "\(text)")
        #expect(warnings == ["9: a GET request cannot send the spec's required request body; it is not imported"])
    }

    /// `style`/`explode` per OpenAPI 3.1 §4.8.12.4 (the wire bytes are checked by Scripts/interop-openapi.sh).
    @Test(arguments: [
        ("style: form, explode: true", "array", "QUERY(REPEATED)"),       // color=blue&color=black
        ("style: form, explode: false", "array", "QUERY(COMMA)"),         // color=blue,black
        ("style: spaceDelimited", "array", "QUERY(SPACE)"),               // color=blue%20black
        ("style: spaceDelimited, explode: true", "array", "QUERY(REPEATED)"),
        ("style: pipeDelimited", "array", "QUERY(PIPE)"),                 // color=blue|black
        ("style: pipeDelimited, explode: true", "array", "QUERY(REPEATED)"),
        ("style: deepObject, explode: true", "array", "QUERY(BRACKETED)"), // expand[]=a&expand[]=b
        ("style: deepObject, explode: true", "object", "QUERY(BRACKETS)"), // color[R]=100
        ("style: form, explode: true", "object", "QUERY(FLATTENED)"),     // R=100&G=200
    ])
    func queryStyles(style: String, kind: String, expected: String) {
        let schema = kind == "array" ? "{type: array, items: {type: string}}" : "{type: object, additionalProperties: {type: integer}}"
        let (text, warnings) = Self.importYAML(Self.spec(paths: """
            /x:
              get:
                parameters: [{name: color, in: query, \(style), schema: \(schema)}]
                responses: {'200': {description: ok}}
            """))
        #expect(text.contains(expected + " "), "\(text)")
        #expect(warnings.isEmpty)
    }

    @Test func oneOfConstIsAnEnum() {
        let (text, warnings) = Self.importYAML(Self.spec(schemas: """
            Size:
              description: How big.
              oneOf:
                - {const: small, description: Up to 1 kg.}
                - {const: large, title: Large}
                - {type: 'null'}
            Level:
              oneOf: [{const: 1}, {const: 2}]
            """))
        #expect(text.contains("/// How big.\nENUM Size : STRING {\n    /// Up to 1 kg.\n    SMALL = \"small\";\n    /// Large\n    LARGE = \"large\";\n}"),
                "\(text)")
        #expect(text.contains("ENUM Level : INT64 {\n    V1 = 1;\n    V2 = 2;\n}"), "\(text)")
        #expect(warnings.isEmpty)
    }

    @Test(arguments: [
        // the 4XX range wins over the first specific code (a 429 body on every operation of one API); the
        // status whose body differs has its own
        (["'429'": "Rate", "4XX": "Problem", "'500'": "Problem"], "GET ERROR { Problem; }", "GET ERROR 429 { Rate; }"),
        (["'429'": "Rate", "default": "Problem"], "GET ERROR { Problem; }", "GET ERROR 429 { Rate; }"),
        // no range: the body most codes share
        (["'400'": "Rate", "'404'": "Problem", "'422'": "Problem"], "GET ERROR { Problem; }", "GET ERROR 400 { Rate; }"),
    ])
    func theTypedErrorIsTheOneMostStatusesShare(responses: [String: String], expected: String, byStatus: String) {
        let lines = responses.sorted { $0.key < $1.key }.map { key, schema in
            "\(key): {description: e, content: {application/json: {schema: {$ref: '#/components/schemas/\(schema)'}}}}"
        }
        let (text, _) = Self.importYAML(Self.spec(
            paths: "/x:\n  get:\n    operationId: x\n    responses:\n      '200': {description: ok}\n" + lines.map { "      " + $0 }.joined(separator: "\n"),
            schemas: "Rate: {properties: {retry: {type: integer}}}\nProblem: {properties: {title: {type: string}}}"))
        #expect(text.contains(expected), "\(text)")
        #expect(text.contains(byStatus) && !text.contains("// openapi: the body of"), "\(text)")
    }
}

/// Responses, request-only and response-only properties, and the names a user would write.
@Suite struct OpenAPIPayloadAndNameTests {
    private static func importYAML(_ yaml: String) -> (text: String, warnings: [String]) { OpenAPIImportTests.importYAML(yaml) }
    private static func spec(paths: String = "", schemas: String = "") -> String { OpenAPIImportTests.spec(paths: paths, schemas: schemas) }

    @Test func readOnlyIsNotSentAndWriteOnlyNotReceived() {
        let object = "{properties: {id: {type: string, readOnly: true}, password: {type: string, writeOnly: true}, name: {type: string}}}"
        let (text, _) = Self.importYAML(Self.spec(paths: """
            /users:
              post:
                operationId: createUser
                requestBody: {content: {application/json: {schema: \(object)}}}
                responses: {'201': {description: ok, content: {application/json: {schema: \(object)}}}}
            """))
        #expect(text.contains("    POST REQUEST {\n        BODY STRING password;\n        BODY STRING name;\n    }"), "\(text)")
        #expect(text.contains("    POST RESPONSE {\n        STRING id;\n        STRING name;\n    }"), "\(text)")
    }

    @Test(arguments: [
        // binary media types are raw bytes (Data), as is a binary string of a wildcard media type
        ("video/mp4: {schema: {type: string, format: binary}}", "// openapi: video/mp4 body returned as raw bytes\n    /// ok\n    GET RESPONSE { BLOB; }"),
        ("application/zip: {}", "GET RESPONSE { BLOB; }"),
        ("'*/*': {schema: {type: string, format: binary}}", "// openapi: */* body returned as raw bytes\n    /// ok\n    GET RESPONSE { BLOB; }"),
        // an event stream typed by OpenAPI 3.2's itemSchema (the schema of one event's data)
        ("text/event-stream: {itemSchema: {properties: {delta: {type: string}}}}",
         "    GET RESPONSE EVENTS {\n        STRING delta;\n    }"),
    ])
    func responseMediaTypes(content: String, expected: String) {
        let (text, _) = Self.importYAML(Self.spec(paths: "/x:\n  get:\n    operationId: x\n    responses:\n      '200':\n        description: ok\n        content: {\(content)}"))
        #expect(text.contains(expected), "\(text)")
    }

    @Test func aVerbTheMethodAlreadySaysIsNotDoubled() {
        let (text, _) = Self.importYAML(Self.spec(paths: """
            /customers/search:
              get: {operationId: GetCustomersSearch, responses: {'200': {description: ok}}}
              post: {operationId: getter, responses: {'200': {description: ok}}}
            """))
        #expect(text.contains("MESSAGE(CustomersSearch) /customers/search {"), "\(text)")
        #expect(text.contains("MESSAGE(Getter) /customers/search {"), "\(text)")
        #expect(TestSupport.swift(TestSupport.compile(text)).contains("struct GetCustomersSearchRequest"))
    }

    @Test func inlineUnionVariantsAreNamedByTitleOrDiscriminatorValue() {
        let (text, _) = Self.importYAML(Self.spec(schemas: """
            Event:
              properties:
                payload:
                  oneOf:
                    - {title: text chunk, properties: {text: {type: string}}}
                    - {properties: {type: {const: tool_call}, name: {type: string}}}
                    - {properties: {type: {enum: [done]}, reason: {type: string}}}
                    - {properties: {size: {type: integer}}}
                  discriminator: {propertyName: type}
            """))
        for name in ["STRUCT TextChunk {", "STRUCT EventPayloadToolCall {", "STRUCT EventPayloadDone {", "STRUCT EventPayloadOption4 {"] {
            #expect(text.contains(name), "\(text)")
        }
    }
}

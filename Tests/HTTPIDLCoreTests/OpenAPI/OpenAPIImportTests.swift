import Testing
@testable import HTTPIDLCore

/// The OpenAPI → `.http` mapping, one row per rule: a small spec and the `.http` text it must contain.
/// Every imported file must also compile (no errors) through the `.http` pipeline.
@Suite struct OpenAPIImportTests {
    /// Imports YAML; returns the `.http` text (without the header line) and the warnings as `line: message`.
    static func importYAML(_ yaml: String) -> (text: String, warnings: [String]) {
        let source = SourceFile(name: "spec.yaml", text: yaml)
        let result = OpenAPIImporter.importSpec(source)
        let text = result.text ?? ""
        let compiled = TestSupport.compile(text, name: "spec.http")
        #expect(compiled.succeeded, "imported .http does not compile: \(TestSupport.summaries(compiled))\n\(text)")
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n")
        return (body, result.diagnostics.map { "\($0.location.line): \($0.message)" })
    }

    static func spec(paths: String = "", schemas: String = "", extra: String = "") -> String {
        var text = "openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths:\n" + (paths.isEmpty ? "  {}\n" : indent(paths, 2))
        if !schemas.isEmpty { text += "components:\n  schemas:\n" + indent(schemas, 4) }
        return text + extra
    }

    static func indent(_ text: String, _ count: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : String(repeating: " ", count: count) + $0 }
            .joined(separator: "\n") + "\n"
    }

    @Test(arguments: [
        // objects, required, nullable (3.0), 3.1 type arrays
        ("Pet:\n  type: object\n  required: [name]\n  properties:\n    name: {type: string}\n    tag: {type: string, nullable: true}",
         "STRUCT Pet {\n    REQUIRED STRING name;\n    STRING tag;\n}"),
        ("Pet:\n  required: [name]\n  properties:\n    name: {type: [string, 'null']}",
         "STRUCT Pet {\n    STRING name;\n}"),
        // string and integer enums
        ("Status:\n  type: string\n  enum: [available, in-progress, '']",
         "ENUM Status : STRING {\n    AVAILABLE = \"available\";\n    IN_PROGRESS = \"in-progress\";\n    EMPTY = \"\";\n}"),
        ("Code:\n  type: integer\n  format: int32\n  enum: [0, -1, 404]",
         "ENUM Code : INT32 {\n    V0 = 0;\n    MINUS_1 = -1;\n    V404 = 404;\n}"),
        // allOf merged
        ("Base:\n  properties:\n    id: {type: integer, format: int64}\nPet:\n  allOf:\n    - $ref: '#/components/schemas/Base'\n    - required: [name]\n      properties:\n        name: {type: string}",
         "STRUCT Pet {\n    INT64 id;\n    REQUIRED STRING name;\n}"),
        // oneOf / anyOf
        ("U:\n  properties:\n    v:\n      oneOf: [{type: string}, {type: integer}]",
         "STRUCT U {\n    Uv v;\n}\n\nUNION Uv {\n    STRING;\n    INT;\n}"),
        ("Shape:\n  anyOf:\n    - {$ref: '#/components/schemas/Circle'}\n    - {type: array, items: {$ref: '#/components/schemas/Shape'}}\n    - {}\nCircle:\n  properties:\n    r: {type: number}",
         "// openapi: a anyOf variant that allows any value is kept by the fallback case\nUNION Shape {\n    Circle;\n    ARRAY<Shape>;\n}"),
        ("U:\n  properties:\n    v:\n      anyOf: [{$ref: '#/components/schemas/U'}, {type: 'null'}]",
         "STRUCT U {\n    U v;\n}"),
        // additionalProperties
        ("H:\n  properties:\n    counts:\n      type: object\n      additionalProperties: {type: integer, format: int64}\n    any:\n      type: object",
         "STRUCT H {\n    DICT<STRING, INT64> counts;\n    DICT<STRING, ANY> any;\n}"),
        // arrays and formats
        ("F:\n  properties:\n    a: {type: array, items: {type: string, format: uuid}}\n    b: {type: string, format: date-time}\n    c: {type: string, format: date}\n    d: {type: string, format: uri}\n    e: {type: string, format: binary}\n    f: {type: string, format: byte}\n    g: {type: integer}\n    h: {type: number, format: float}\n    i: {type: number}\n    j: {type: boolean}\n    k: {}",
         "STRUCT F {\n    ARRAY<UUID> a;\n    DATE b;\n    STRING c;\n    URL d;\n    BLOB e;\n    BLOB f;\n    INT g;\n    FLOAT h;\n    DOUBLE i;\n    BOOL j;\n    ANY k;\n}"),
        // recursion and readOnly/writeOnly
        ("Node:\n  required: [id, next, secret]\n  properties:\n    id: {type: integer, readOnly: true}\n    secret: {type: string, writeOnly: true}\n    next: {$ref: '#/components/schemas/Node'}",
         "STRUCT Node {\n    READONLY INT id;\n    WRITEONLY STRING secret;\n    REQUIRED Node next;\n}"),
        // wire names that are not identifiers
        ("R:\n  properties:\n    '+1': {type: integer}\n    '-1': {type: integer}\n    created-at: {type: string}\n    createdAt: {type: string}\n    2fa: {type: boolean}",
         "STRUCT R {\n    INT plus_1 = \"+1\";\n    INT minus_1 = \"-1\";\n    STRING created_at = \"created-at\";\n    STRING createdAt_2 = \"createdAt\";\n    BOOL n2fa = \"2fa\";\n}"),
        // reserved Swift names
        ("Error:\n  properties:\n    code: {type: integer}\nData:\n  properties:\n    x: {$ref: '#/components/schemas/Error'}",
         "STRUCT Error2 {\n    INT code;\n}\n\nSTRUCT Data2 {\n    Error2 x;\n}"),
    ])
    func schemas(schemas: String, expected: String) {
        let (text, _) = Self.importYAML(Self.spec(schemas: schemas))
        #expect(text.contains(expected), "\(text)")
    }

    @Test func mapOnlyComponentIsAnAliasWithoutDeclaration() {
        let (text, _) = Self.importYAML(Self.spec(
            paths: "/m:\n  get:\n    responses:\n      '200':\n        description: ok\n        content:\n          application/json:\n            schema: {$ref: '#/components/schemas/M'}",
            schemas: "M:\n  type: object\n  additionalProperties: {type: integer, format: int32}"))
        #expect(text.contains("GET RESPONSE { DICT<STRING, INT32>; }"), "\(text)")
    }

    @Test(arguments: [
        // operationId → name; path-level + operation-level parameters (operation wins); path parameters typed
        ("/pets/{petId}:\n  parameters:\n    - {name: petId, in: path, required: true, schema: {type: string}}\n    - {name: verbose, in: query, schema: {type: boolean}}\n  get:\n    operationId: showPetById\n    parameters:\n      - {name: petId, in: path, required: true, schema: {type: integer, format: int64}}\n    responses:\n      '200': {description: ok}",
         "MESSAGE(ShowPetById) /pets/$petId {\n    GET REQUEST {\n        PATH INT64 petId;\n        QUERY BOOL verbose;\n    }\n    /// ok\n    GET RESPONSE {}\n}"),
        // no operationId: the path names it
        ("/users/{user-id}/repos.json:\n  get:\n    responses:\n      '204': {description: none}",
         "MESSAGE(UsersUserIdReposJson) /users/$user_id/repos.json {\n    GET REQUEST {}"),
        ("/files/{name}.json:\n  get:\n    parameters:\n      - {name: name, in: path, required: true, schema: {type: string}}\n    responses:\n      '200': {description: ok}",
         "/files/${name}.json {"),
        // query styles
        ("/q:\n  get:\n    operationId: q\n    parameters:\n      - {name: tags, in: query, schema: {type: array, items: {type: string}}}\n      - {name: f, in: query, style: deepObject, schema: {type: object, additionalProperties: {type: string}}}\n      - {name: page, in: query, required: true, schema: {type: integer}}\n    responses:\n      '200': {description: ok}",
         "        QUERY(REPEATED) ARRAY<STRING> tags;\n        QUERY(BRACKETS) DICT<STRING, STRING> f;\n        REQUIRED QUERY INT page;"),
        ("/q:\n  get:\n    operationId: q\n    parameters:\n      - {name: ids, in: query, explode: false, schema: {type: array, items: {type: integer}}}\n    responses:\n      '200': {description: ok}",
         "QUERY(COMMA) ARRAY<INT> ids;"),
        ("/q:\n  get:\n    operationId: q\n    parameters:\n      - {name: ids, in: query, style: pipeDelimited, schema: {type: array, items: {type: integer}}}\n    responses:\n      '200': {description: ok}",
         "QUERY(PIPE) ARRAY<INT> ids;"),
        ("/q:\n  get:\n    operationId: q\n    parameters:\n      - {name: ids, in: query, style: spaceDelimited, schema: {type: array, items: {type: integer}}}\n    responses:\n      '200': {description: ok}",
         "QUERY(SPACE) ARRAY<INT> ids;"),
        ("/q:\n  get:\n    operationId: q\n    parameters:\n      - {name: filter, in: query, schema: {type: object, properties: {a: {type: string}}}}\n    responses:\n      '200': {description: ok}",
         "QUERY(FLATTENED) QFilter filter;"),
        // headers (Accept/Content-Type/Authorization are ignored, as the spec says) and cookies
        ("/h:\n  get:\n    operationId: h\n    parameters:\n      - {name: X-Request-ID, in: header, required: true, schema: {type: string, format: uuid}}\n      - {name: Accept, in: header, schema: {type: string}}\n      - {name: session, in: cookie, schema: {type: string}}\n    responses:\n      '200': {description: ok}",
         "    // openapi: cookie parameter 'session' not imported\n    GET REQUEST {\n        REQUIRED HEADER UUID X_Request_ID = \"X-Request-ID\";\n    }"),
        // request bodies: JSON object inline, JSON $ref, form, multipart with binary parts, octet-stream
        ("/b:\n  post:\n    operationId: b\n    requestBody:\n      content:\n        application/json:\n          schema:\n            required: [name]\n            properties:\n              name: {type: string}\n              age: {type: integer}\n    responses:\n      '201': {description: ok}",
         "    POST REQUEST {\n        REQUIRED BODY STRING name;\n        BODY INT age;\n    }"),
        ("/b/{id}:\n  put:\n    operationId: b\n    parameters:\n      - {name: id, in: path, required: true, schema: {type: integer}}\n    requestBody:\n      content:\n        application/json:\n          schema: {type: array, items: {type: string}}\n    responses:\n      '200': {description: ok}",
         "    PUT REQUEST {\n        PATH INT id;\n        BODY ARRAY<STRING>;\n    }"),
        ("/b:\n  post:\n    operationId: b\n    requestBody:\n      content:\n        application/x-www-form-urlencoded:\n          schema:\n            properties:\n              name: {type: string}\n    responses:\n      '200': {description: ok}",
         "    POST REQUEST FORM {\n        BODY STRING name;\n    }"),
        ("/b:\n  post:\n    operationId: b\n    requestBody:\n      content:\n        multipart/form-data:\n          schema:\n            properties:\n              file: {type: string, format: binary}\n              more: {type: array, items: {type: string, format: binary}}\n              caption: {type: string}\n    responses:\n      '200': {description: ok}",
         "    POST REQUEST MULTIPART {\n        BODY FILE file;\n        BODY ARRAY<FILE> more;\n        BODY STRING caption;\n    }"),
        ("/b/{id}:\n  post:\n    operationId: b\n    parameters:\n      - {name: id, in: path, required: true, schema: {type: string}}\n      - {name: note, in: query, schema: {type: string}}\n    requestBody:\n      content:\n        application/octet-stream:\n          schema: {type: string, format: binary}\n    responses:\n      '200': {description: ok}",
         "    POST REQUEST BINARY {\n        PATH STRING id;\n        QUERY STRING note;\n        BODY FILE;\n    }"),
        // responses: 2xx schema, errors from 4xx/5xx/default, non-JSON bodies as BLOB
        ("/r:\n  get:\n    operationId: r\n    responses:\n      '404':\n        description: nope\n        content:\n          application/json:\n            schema: {properties: {message: {type: string}}}\n      '200':\n        description: ok\n        content:\n          application/json:\n            schema: {type: array, items: {type: integer, format: int32}}",
         "    /// ok\n    GET RESPONSE { ARRAY<INT32>; }\n    /// nope\n    GET ERROR {\n        STRING message;\n    }"),
        ("/r:\n  get:\n    operationId: r\n    responses:\n      default:\n        description: err\n        content:\n          application/problem+json:\n            schema: {type: object}\n      '200':\n        description: png\n        content:\n          image/png:\n            schema: {type: string, format: binary}",
         "    // openapi: image/png body returned as raw bytes\n    /// png\n    GET RESPONSE { BLOB; }\n    /// err\n    GET ERROR { DICT<STRING, ANY>; }"),
        ("/r:\n  get:\n    operationId: r\n    responses:\n      '200':\n        description: inline\n        content:\n          application/json:\n            schema:\n              properties:\n                items: {type: array, items: {properties: {id: {type: integer}}}}",
         "STRUCT RResponseItemsItem {\n    INT id;\n}"),
    ])
    func operations(paths: String, expected: String) {
        let (text, _) = Self.importYAML(Self.spec(paths: paths))
        #expect(text.contains(expected), "\(text)")
    }

    @Test func referencesIncludeComponentParametersResponsesAndBodies() {
        let extra = """
            components:
              parameters:
                Limit: {name: limit, in: query, schema: {type: integer, format: int32}}
              requestBodies:
                PetBody:
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
              responses:
                Pets:
                  description: pets
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
              schemas:
                Pet:
                  properties:
                    name: {type: string}
                    example:
                      type: object
                      example: {$ref: '#/does/not/exist'}

            """
        let paths = """
            /pets:
              post:
                operationId: addPet
                parameters: [{$ref: '#/components/parameters/Limit'}]
                requestBody: {$ref: '#/components/requestBodies/PetBody'}
                responses:
                  '200': {$ref: '#/components/responses/Pets'}
            """
        let (text, warnings) = Self.importYAML(Self.spec(paths: paths) + extra)
        #expect(text.contains("    POST REQUEST {\n        QUERY INT32 limit;\n        BODY Pet;\n    }\n    /// pets\n    POST RESPONSE { ARRAY<Pet>; }"), "\(text)")
        #expect(warnings.isEmpty, "a $ref inside an example value must not be resolved: \(warnings)")
    }

    @Test func openAPI31IdAndAnchorReferences() {
        let spec = """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Pet:
                  properties:
                    detailsId: {$ref: '/schemas/details#details_id'}
                    details: {$ref: '/schemas/details'}
                    detailsName: {$ref: '/schemas/details#/properties/name'}
                Details:
                  $id: /schemas/details
                  properties:
                    id: {type: integer, format: int64, $anchor: details_id}
                    name: {type: string}
            """
        let (text, warnings) = Self.importYAML(spec)
        #expect(text.contains("STRUCT Pet {\n    INT64 detailsId;\n    Details details;\n    STRING detailsName;\n}"), "\(text)")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test(arguments: [
        ("properties:\n  x: {$ref: '#/components/schemas/Missing'}", "11: cannot resolve $ref '#/components/schemas/Missing' (only references inside this document are followed); imported as ANY"),
        ("properties:\n  x: {$ref: 'other.yaml#/Pet'}", "11: cannot resolve $ref 'other.yaml#/Pet' (only references inside this document are followed); imported as ANY"),
        ("properties:\n  x: {oneOf: [{$ref: '#/components/schemas/S'}, {type: string}], discriminator: {propertyName: kind}}",
         "11: the discriminator is not used: decoding tries the oneOf variants in order"),
        ("properties:\n  x: {type: [string, integer]}", "11: a schema with several types (string, integer) is imported as ANY"),
        ("properties:\n  x: {type: strin}", "11: unknown schema type 'strin'; imported as ANY"),
        ("properties:\n  x: {type: object, properties: {a: {type: string}}, additionalProperties: true}",
         "11: additionalProperties next to properties are not imported; only the named properties are"),
        ("properties:\n  x: {allOf: [{type: string}, {type: object}]}", "11: allOf of schemas that are not all objects is imported as ANY"),
    ])
    func unsupportedConstructsWarnAtTheSpecLine(schema: String, expected: String) {
        let (_, warnings) = Self.importYAML(Self.spec(schemas: "S:\n" + Self.indent(schema, 2)))
        #expect(warnings == [expected])
    }

    @Test func parseErrorsAreErrorsAtTheSpecLocation() {
        let result = OpenAPIImporter.importSpec(SourceFile(name: "bad.yaml", text: "openapi: 3.0.0\npaths:\n\t/x: {}\n"))
        #expect(result.text == nil)
        #expect(result.diagnostics.map(\.summary) == ["bad.yaml:3:1: error: a tab character is not allowed in indentation; indent with spaces"])
    }

    @Test func importIsDeterministicAndFormatted() throws {
        let text = Self.spec(paths: "/a/{id}:\n  get:\n    parameters: [{name: id, in: path, required: true, schema: {type: string}}]\n    responses: {'200': {description: ok}}",
                             schemas: "A: {properties: {b: {type: string, enum: [x, y]}}}")
        let first = OpenAPIImporter.importSpec(SourceFile(name: "s.yaml", text: text)).text
        let second = OpenAPIImporter.importSpec(SourceFile(name: "s.yaml", text: text)).text
        #expect(first == second)
        let imported = try #require(first)
        #expect(IDLFormatter.format(SourceFile(name: "s.http", text: imported)).text == imported)
    }

    /// Every shared real-world spec imports without errors, deterministically, into `.http` that compiles.
    @Test(.enabled(if: SharedSpecs.isPresent), arguments: SharedSpecs.names)
    func sharedSpecsImportAndCompile(name: String) throws {
        let source = SourceFile(name: name, bytes: try #require(SharedSpecs.bytes(name)))
        let first = OpenAPIImporter.importSpec(source)
        #expect(!first.diagnostics.containsErrors)
        let text = try #require(first.text)
        #expect(OpenAPIImporter.importSpec(source).text == text, "import is not deterministic")
        #expect(IDLFormatter.format(SourceFile(name: "x.http", text: text)).text == text, "import is not in canonical format")
        let compiled = TestSupport.compile(text, name: OpenAPIImporter.httpName(for: name))
        #expect(compiled.diagnostics.isEmpty, "\(TestSupport.summaries(compiled).prefix(5))")
        #expect(!compiled.outputs.isEmpty)
        #expect(compiled.outputs.allSatisfy { $0.contents.utf8.count < 1_000_000 }, "a generated file is over 1 MB")
    }

    /// The JSON and YAML twins of a spec import to the same `.http` text.
    @Test(.enabled(if: SharedSpecs.isPresent), arguments: ["petstore-3.0", "petstore-expanded-3.0", "swagger-petstore-3.1"])
    func twinsImportAlike(name: String) throws {
        func body(_ file: String) throws -> String {
            let text = OpenAPIImporter.importSpec(SourceFile(name: file, bytes: try #require(SharedSpecs.bytes(file)))).text ?? ""
            return text.split(separator: "\n").dropFirst().joined(separator: "\n")
        }
        #expect(try body(name + ".yaml") == body(name + ".json"))
    }

    /// The fuzz entry point survives hostile and random input.
    @Test func fuzzEntryPointNeverCrashes() {
        var generator = SystemRandomNumberGenerator()
        let seeds = [Self.spec(paths: "/a:\n  get:\n    responses: {'200': {description: ok}}", schemas: "A: {properties: {b: {type: string}}}"),
                     "a: &a [*a]", "{\"openapi\": \"3.1.0\", \"paths\": {\"/x\": {\"get\": 1}}}", "- [{: ]", "openapi: 3.0.0\npaths: 7"]
        for seed in seeds {
            let bytes = Array(seed.utf8)
            OpenAPIImporter.fuzz(bytes)
            for _ in 0..<200 {
                var mutated = bytes
                for _ in 0..<3 where !mutated.isEmpty {
                    let index = Int.random(in: 0..<mutated.count, using: &generator)
                    mutated[index] = UInt8.random(in: 0...255, using: &generator)
                }
                OpenAPIImporter.fuzz(mutated)
            }
        }
    }
}

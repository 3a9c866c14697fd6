import Foundation
import Testing

/// `httpidl import`, `export`, `generate` of OpenAPI files, and `format --write --check`.
@Suite struct OpenAPICommandLineTests {
    let cli = CommandLineTests()

    static let spec = """
        openapi: 3.0.3
        info: {title: Pets, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - {name: tags, in: query, schema: {type: array, items: {type: string}}}
                - {name: session, in: cookie, schema: {type: string}}
              responses:
                '200':
                  description: pets
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
        components:
          schemas:
            Pet:
              properties:
                name: {type: string}

        """

    @Test func importExportAndGenerate() async throws {
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("openapi.yaml")
        try Data(Self.spec.utf8).write(to: spec)
        let http = directory.appendingPathComponent("api.http")
        let imported = try await cli.run(["import", spec.path, "--output", http.path])
        #expect(imported.status == 0)
        #expect(imported.stderr.hasPrefix("\(spec.path):9:11: warning: cookie parameter 'session' is not imported"))
        let text = try String(contentsOf: http, encoding: .utf8)
        #expect(text.contains("MESSAGE(ListPets) /pets {") && text.contains("QUERY(REPEATED) ARRAY<STRING> tags;"))
        #expect(try await cli.run(["import", spec.path, "--strict", "--output", directory.appendingPathComponent("x.http").path]).status == 1)

        let generated = try await cli.run(["generate", spec.path, "--output", directory.appendingPathComponent("out").path])
        #expect(generated.status == 0)
        let swift = try String(contentsOf: directory.appendingPathComponent("out/openapi.swift"), encoding: .utf8)
        #expect(swift.contains("public struct GetListPetsRequest: APIDefinition"))
        #expect(swift.contains("URLQueryEncoder(arrayEncodingStrategy: .repeated)"))

        let exported = try await cli.run(["export", http.path, "--title", "Pets"])
        #expect(exported.status == 0)
        #expect(exported.stdout.contains("\"openapi\": \"3.1.0\"") && exported.stdout.contains("\"/pets\""))
    }

    @Test func malformedSpecIsAnErrorAndWritesNothing() async throws {
        let directory = try cli.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("bad.json")
        try Data("{\"openapi\": \"3.1.0\", \"paths\": {\"/a\": }}".utf8).write(to: spec)
        let output = directory.appendingPathComponent("bad.http")
        let result = try await cli.run(["import", spec.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(spec.path):1:38: error: unexpected '}' in JSON; expected a value"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func formatWriteAndCheckTogetherIsAUsageError() async throws {
        let result = try await cli.run(["format", "a.http", "--write", "--check"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("httpidl: error: format takes --write or --check, not both"))
    }
}

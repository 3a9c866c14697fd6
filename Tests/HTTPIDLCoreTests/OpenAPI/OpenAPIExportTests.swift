import Foundation
import Testing
@testable import HTTPIDLCore

/// `.http` → OpenAPI 3.1 → `.http`: importing the export generates the same Swift.
@Suite struct OpenAPIExportTests {
    /// Golden files whose export cannot round-trip exactly, with the reason (an OpenAPI limit).
    static let lossy: [String: String] = ["all_methods": "OpenAPI has no CONNECT operation", "web_sockets": "OpenAPI has no WebSocket"]

    static func swift(_ source: SourceFile) throws -> (swift: String, model: ValidatedModel) {
        let result = TestSupport.compile(source)
        #expect(!result.diagnostics.containsErrors, "\(TestSupport.summaries(result))")
        let output = try #require(result.outputs.first)
        // The first line names the source file; everything after it must match.
        return (output.contents.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? "", result.model)
    }

    @Test(arguments: TestSupport.goldenNames.filter { lossy[$0] == nil })
    func importingTheExportGeneratesTheSameSwift(name: String) throws {
        let url = TestSupport.goldenDirectory.appendingPathComponent("\(name).http")
        let source = SourceFile(name: "\(name).http", bytes: Array(try Data(contentsOf: url)))
        let (original, model) = try Self.swift(source)
        let exported = OpenAPIExporter.export(model, title: name)
        #expect(OpenAPIExporter.export(model, title: name) == exported, "export is not deterministic")
        let imported = OpenAPIImporter.importSpec(SourceFile(name: "\(name).json", text: exported))
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics.map(\.summary))")
        let text = try #require(imported.text)
        let (roundTripped, _) = try Self.swift(SourceFile(name: "\(name).http", text: text))
        #expect(roundTripped == original)
    }

    @Test func exportIsOpenAPI31WithComponentsAndOperations() throws {
        let text = """
            /// A pet.
            STRUCT Pet { REQUIRED INT64 id; STRING nick_name = nick-name; Status status DEFAULT "active"; }
            ENUM Status : STRING { ACTIVE = "active"; GONE = "gone"; }
            MESSAGE(ListPets) /pets/$owner {
                GET REQUEST { QUERY(COMMA) ARRAY<STRING> tags; HEADER STRING token = X-Token; }
                GET RESPONSE { ARRAY<Pet>; }
                GET ERROR { STRING message; }
            }
            """
        let result = TestSupport.compile(text)
        let json = OpenAPIExporter.export(result.model, title: "Pets")
        let root = try JSONReader.read(SourceFile(name: "x.json", text: json))
        #expect(root["openapi"]?.string == "3.1.0")
        let pet = try #require(root["components"]?["schemas"]?["Pet"])
        #expect(pet["description"]?.string == "A pet.")
        #expect(pet["required"]?.elements.compactMap(\.string) == ["id"])
        #expect(pet["properties"]?["nick-name"]?["x-httpidl-name"]?.string == "nick_name")
        #expect(pet["properties"]?["status"]?["default"]?.string == "active")
        #expect(root["components"]?["schemas"]?["Status"]?["enum"]?.elements.compactMap(\.string) == ["active", "gone"])
        let get = try #require(root["paths"]?["/pets/{owner}"]?["get"])
        #expect(get["operationId"]?.string == "getListPets")
        let parameters = get["parameters"]?.elements ?? []
        #expect(parameters.map { $0["in"]?.string ?? "" } == ["path", "query", "header"])
        #expect(parameters[1]["style"]?.string == "form")
        #expect(parameters[1]["explode"]?.bool == false)
        #expect(get["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["items"]?["$ref"]?.string == "#/components/schemas/Pet")
        #expect(get["responses"]?["default"]?["content"]?["application/json"]?["schema"]?["properties"]?["message"] != nil)
    }
}
